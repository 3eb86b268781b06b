import { domainOf } from '../../export/domain';

/** What a turn being streamed is about to do, read from its partial text. */
export type PartialAction =
  | { kind: 'search'; queries: string[] }
  | { kind: 'visit'; places: string[] }
  | { kind: 'answer' }
  | { kind: 'unknown' };

const STRING = /"((?:[^"\\]|\\.)*)"/g;

/** The complete JSON strings of an array that may still be streaming: `"key": ["a", "b` gives ['a']. */
function stringsAfter(text: string, key: string): string[] {
  const at = text.search(new RegExp(`"${key}"\\s*:`));
  if (at < 0) return [];
  const rest = text.slice(at).replace(/^"[^"]*"\s*:\s*/, '');
  const body = rest.startsWith('[')
    ? rest.slice(1, rest.includes(']') ? rest.indexOf(']') : undefined)
    : rest;
  const out: string[] = [];
  for (const m of body.matchAll(STRING)) {
    try {
      out.push(JSON.parse(`"${m[1]}"`) as string);
    } catch {
      out.push(m[1] ?? '');
    }
    if (!rest.startsWith('[')) break;
  }
  return out.filter((s) => s.trim());
}

/**
 * Reads the streamed action text (after `</think>`) leniently, so the live line can say
 * "Searching: …" or "Reading example.com…" instead of showing the tool call's JSON.
 */
export function partialAction(text: string): PartialAction {
  if (/<answer>/.test(text)) return { kind: 'answer' };
  const name = /"name"\s*:\s*"(search|visit)"/.exec(text)?.[1];
  if (name === 'search') return { kind: 'search', queries: stringsAfter(text, 'query') };
  if (name === 'visit') {
    const places = [...new Set(stringsAfter(text, 'url').map((u) => domainOf(u) || u))];
    return { kind: 'visit', places };
  }
  return { kind: 'unknown' };
}

/** The thought being written, as one line: its last sentence or so, for a preview. */
export function thoughtPreview(think: string, max = 140): string {
  const flat = think
    .replace(/<\/?think>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (flat.length <= max) return flat;
  const tail = flat.slice(-max);
  const cut = tail.search(/[.!?。！？]\s/);
  return `…${cut >= 0 && cut < max - 20 ? tail.slice(cut + 2) : tail.replace(/^\S*\s/, '')}`;
}
