import { defineConfig } from 'vite';
import { buildTarget } from './scripts/lib/build-target.ts';

/**
 * The page extractor is injected into tabs with scripting.executeScript({files}), which runs classic
 * scripts only, so it is bundled separately as one self-contained IIFE into <outDir>/content/.
 */
const target = buildTarget();

export default defineConfig({
  publicDir: false,
  build: {
    outDir: `${target.outDir}/content`,
    emptyOutDir: false,
    target: target.esTarget,
    minify: true,
    lib: {
      entry: 'extension/content/extract-page.ts',
      formats: ['iife'],
      name: 'sleuthExtractor',
      fileName: () => 'extract-page.js',
    },
  },
});
