import type { Reach } from '../errors/net-cause';
import { classifyServerIp } from './server-address';

// Names a home or office network gives its machines; a single label ("searx") is one too.
const LAN_SUFFIXES = ['.local', '.lan', '.home', '.home.arpa', '.internal', '.intranet', '.corp'];

/**
 * Where the server of a configured URL lives, for the reason a failure gives: a server on this
 * computer or the local network that does not answer is not the internet connection.
 */
export function reachOf(url: string): Reach {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return 'public';
  }
  const bare = host.startsWith('[') ? host.slice(1, -1) : host.endsWith('.') ? host.slice(0, -1) : host;
  if (bare === 'localhost' || bare.endsWith('.localhost')) return 'loopback';
  const kind = classifyServerIp(bare);
  if (kind === 'loopback') return 'loopback';
  if (kind !== undefined) return kind === 'public' ? 'public' : 'lan';
  if (!bare.includes('.') || LAN_SUFFIXES.some((s) => bare.endsWith(s))) return 'lan';
  return 'public';
}

/** The host and port of a URL for a message ("127.0.0.1:8888"); the text itself when not a URL. */
export function hostPortOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
