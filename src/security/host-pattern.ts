/**
 * User allow/deny list entries. People paste all sorts of things into these lists ("https://Example.com/",
 * "*.example.org", "example.com."), so entries are normalised the same way URL hostnames are.
 *
 * - `example.com` matches example.com and every subdomain.
 * - `*.example.org` matches subdomains only, not example.org itself.
 * - An IP literal matches exactly that address.
 */

export interface HostPattern {
  host: string;
  subdomainsOnly: boolean;
}

/** Returns undefined for entries that are not a usable host (empty, garbage). */
export function parseHostPattern(entry: string): HostPattern | undefined {
  let text = entry.trim().toLowerCase();
  if (text === '') return undefined;
  let subdomainsOnly = false;
  const schemeless = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  text = schemeless;
  if (text.startsWith('*.')) {
    subdomainsOnly = true;
    text = text.slice(2);
  } else if (text.startsWith('.')) {
    text = text.slice(1);
  }
  // Let the URL parser handle IDN (punycode), ports and paths.
  let host: string;
  try {
    host = new URL(`https://${text}`).hostname;
  } catch {
    return undefined;
  }
  host = stripTrailingDot(host);
  if (host === '' || host.includes('*')) return undefined;
  return { host, subdomainsOnly };
}

export function stripTrailingDot(host: string): string {
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/** `hostname` must already be lowercase without a trailing dot (as checkUrl passes it). */
export function matchesHostPattern(hostname: string, pattern: HostPattern): boolean {
  if (hostname.endsWith(`.${pattern.host}`)) return true;
  return !pattern.subdomainsOnly && hostname === pattern.host;
}

export function matchesAnyHost(hostname: string, entries: readonly string[]): boolean {
  for (const entry of entries) {
    const pattern = parseHostPattern(entry);
    if (pattern && matchesHostPattern(hostname, pattern)) return true;
  }
  return false;
}
