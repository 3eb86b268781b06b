import { defineConfig } from 'vite';

/**
 * The page extractor is injected into tabs with chrome.scripting.executeScript({files}), which runs
 * classic scripts only, so it is bundled separately as one self-contained IIFE into dist/content/.
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist/content',
    emptyOutDir: false,
    target: 'chrome120',
    minify: true,
    lib: {
      entry: 'extension/content/extract-page.ts',
      formats: ['iife'],
      name: 'sleuthExtractor',
      fileName: () => 'extract-page.js',
    },
  },
});
