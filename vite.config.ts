import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import manifest from './manifest.json' with { type: 'json' };

export default defineConfig({
  plugins: [preact(), crx({ manifest })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'chrome120',
    sourcemap: false,
    rollupOptions: {
      // The offscreen document is not named in the manifest, so crxjs needs it as an extra input.
      input: { offscreen: 'extension/offscreen/index.html' },
    },
  },
  server: { port: 5173, strictPort: true, hmr: { port: 5173 } },
});
