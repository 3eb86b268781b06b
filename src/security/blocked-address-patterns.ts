import { IPV4_RANGES, type Ipv4Range } from './ip-address';
import { LOCAL_SUFFIXES, REBINDING_SERVICES } from './url-policy';

/**
 * The URL policy's address table as regular expressions over whole request URLs, for the network
 * rules (declarativeNetRequest) that guard the agent's tabs: they block requests the policy never
 * sees, such as a public page's images or scripts from a private address. Generated from the same
 * ranges and names as the policy, so the two cannot drift apart.
 *
 * Chrome compiles these with RE2 and refuses a filter whose program exceeds 2 KB, which is only some
 * tens of instructions: so one small filter per range, with the digits after the range's prefix
 * matched loosely (`[0-9.]+`; Chrome hands the rules canonical dotted-decimal hosts in lower case).
 * IPv6 literals are all blocked in agent tabs, stricter than the policy: their textual forms are
 * too varied to classify within that limit, and public pages are not served from them.
 *
 * A URL may carry user-info before its host (`http://admin@10.0.0.4/`), and Chrome matches the rules
 * against it as written, so every pattern lets one through; so are single-label names
 * (`http://intranet/`, `http://metadata/`), which only a local resolver answers.
 */

const SCHEME = '^[a-z]+://(?:[^/?#@]*@)?';
const HOST_END = '(?::[0-9]+)?(?:[/?#]|$)';
const escapeDots = (s: string) => s.replace(/[.]/g, '\\.');

/** A regex for the decimal numbers lo…hi (0 ≤ lo ≤ hi ≤ 255), as few alternatives as is simple. */
export function octetRange(lo: number, hi: number): string {
  // Runs of numbers that share all but their last digit: 64…69, 70…79, …
  const runs: { prefix: string; a: number; b: number }[] = [];
  for (let n = lo; n <= hi; ) {
    const last = Math.min(hi, Math.floor(n / 10) * 10 + 9);
    runs.push({ prefix: n >= 10 ? String(Math.floor(n / 10)) : '', a: n % 10, b: last % 10 });
    n = last + 1;
  }
  // Whole decades next to each other (70…99) fold into one alternative: [7-9][0-9].
  const parts: string[] = [];
  for (let i = 0; i < runs.length; i++) {
    const r = runs[i];
    if (!r) continue;
    const whole = (x: (typeof runs)[number] | undefined) => x && x.a === 0 && x.b === 9 && x.prefix !== '';
    let j = i;
    while (
      whole(r) &&
      whole(runs[j + 1]) &&
      runs[j + 1]?.prefix.length === r.prefix.length &&
      runs[j + 1]?.prefix.slice(0, -1) === r.prefix.slice(0, -1)
    ) {
      j += 1;
    }
    if (j > i) {
      const head = r.prefix.slice(0, -1);
      parts.push(`${head}[${r.prefix.slice(-1)}-${runs[j]?.prefix.slice(-1)}][0-9]`);
      i = j;
    } else {
      parts.push(`${r.prefix}${r.a === r.b ? r.a : `[${r.a}-${r.b}]`}`);
    }
  }
  return parts.length === 1 ? (parts[0] ?? '') : `(?:${parts.join('|')})`;
}

/** The host part of one CIDR range: its fixed octets, the partial one, then any digits and dots. */
export function cidrPattern({ base, bits }: Pick<Ipv4Range, 'base' | 'bits'>): string {
  const octets = [24, 16, 8, 0].map((shift) => (base >>> shift) & 0xff);
  const out: string[] = [];
  for (const [i, o] of octets.entries()) {
    const fixed = bits - i * 8;
    if (fixed <= 0) break;
    out.push(fixed >= 8 ? String(o) : octetRange(o, o + 2 ** (8 - fixed) - 1));
  }
  return bits >= 32 ? out.join('\\.') : `${out.join('\\.')}\\.[0-9.]+`;
}

/**
 * 127.0.0.0/8 except 127.0.0.1, the one loopback address the developer setting admits (the test
 * fixtures); RE2 has no look-ahead, so the other addresses are spelled out octet by octet.
 */
export const LOOPBACK_BUT_FIXTURES = `127\\.(?:[1-9][0-9]*\\.[0-9]+\\.[0-9]+|0\\.[1-9][0-9]*\\.[0-9]+|0\\.0\\.(?:0|1[0-9]+|[2-9][0-9]*))`;

/** One URL pattern per range of the IPv4 table, per list of local names, and for IPv6 literals. */
export function blockedAddressPatterns(opts: { allowLoopback: boolean }): string[] {
  const hosts = [
    ...IPV4_RANGES.map((r) =>
      opts.allowLoopback && r.kind === 'loopback' ? LOOPBACK_BUT_FIXTURES : cidrPattern(r),
    ),
    `[a-z0-9.-]*\\.(?:${LOCAL_SUFFIXES.map(escapeDots).join('|')})\\.?`,
    `(?:[a-z0-9-]+\\.)*(?:${REBINDING_SERVICES.map(escapeDots).join('|')})\\.?`,
    '(?:[a-z0-9.-]*\\.)?localhost\\.?',
    // Single-label names (`intranet`, `metadata`); IPv4 hosts reach the rules in dotted form.
    '[^./?#@:\\[]+\\.?',
  ];
  return [...hosts.map((h) => `${SCHEME}${h}${HOST_END}`), `${SCHEME}\\[`];
}
