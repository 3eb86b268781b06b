import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import manifest from './manifest.json' with { type: 'json' };

// `--mode e2e` grants the 127.0.0.1 fixture servers as a host permission up front: headless tests
// cannot click through Chrome's permission prompt, which users see before their first research run.
export default defineConfig(({ mode }) => ({
  plugins: [
    preact(),
    crx({ manifest: mode === 'e2e' ? { ...manifest, host_permissions: ['http://127.0.0.1/*'] } : manifest }),
  ],
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
}));
