import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/**
 * web-llm inlines two WebAssembly binaries as base64 data URLs (4.6 MB and 1 MB of text), which made
 * its chunk 6 MB: more than addons.mozilla.org's validator parses (5 MB per file), so `web-ext lint`
 * failed on the Firefox build. This moves each such literal into a module of its own, in a chunk of
 * its own; the library receives the very same string, so its behaviour does not change.
 */
const DATA_URL = /"(data:application\/octet-stream;base64,[A-Za-z0-9+/=]{500000,})"/g;
const PREFIX = '\0sleuth-inline-wasm:';

export function splitInlineWasm(): Plugin {
  const literals = new Map<string, string>();
  return {
    name: 'sleuth-split-inline-wasm',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('node_modules') || !code.includes('data:application/octet-stream;base64,'))
        return null;
      const imports: string[] = [];
      const out = code.replace(DATA_URL, (_whole, url: string) => {
        const key = createHash('sha256').update(url).digest('hex').slice(0, 12);
        literals.set(key, url);
        const name = `__sleuthInlineWasm_${key}`;
        imports.push(`import ${name} from ${JSON.stringify(PREFIX + key)};`);
        return name;
      });
      return imports.length ? { code: `${imports.join('\n')}\n${out}`, map: null } : null;
    },
    resolveId: (id) => (id.startsWith(PREFIX) ? id : null),
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const url = literals.get(id.slice(PREFIX.length));
      return url === undefined ? null : `export default ${JSON.stringify(url)};`;
    },
  };
}

/** For output.manualChunks: each inlined binary gets a chunk of its own. */
export function inlineWasmChunk(id: string): string | undefined {
  return id.startsWith(PREFIX) ? `wasm-${id.slice(PREFIX.length)}` : undefined;
}
