import { extensionUrl } from './runtime';

/**
 * A gzipped JSON file shipped inside the extension (the vite config writes them), decompressed by
 * the browser's own DecompressionStream.
 */
export async function bundledGzipJson(path: string): Promise<unknown> {
  const res = await fetch(extensionUrl(path));
  if (!res.ok || !res.body) throw new Error(`${path} is missing from the extension (${res.status}).`);
  return new Response(res.body.pipeThrough(new DecompressionStream('gzip'))).json();
}
