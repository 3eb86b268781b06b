import JSON5 from 'json5';

/**
 * Lenient JSON for model-written tool arguments: strict JSON first, then JSON5 (single quotes,
 * trailing commas, unquoted keys), then the first balanced object (drops stray text or an extra
 * closing brace), then the object with missing closing braces added. Returns undefined, never throws.
 */
export function parseLenientJson(text: string): { value: unknown; repair: string | null } | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const strict = tryParse(trimmed, JSON.parse);
  if (strict.ok) return { value: strict.value, repair: null };
  const loose = tryParse(trimmed, JSON5.parse);
  if (loose.ok) return { value: loose.value, repair: 'json5' };
  const start = trimmed.indexOf('{');
  if (start < 0) return undefined;
  const span = balancedObject(trimmed, start);
  if (span.closed) {
    const inner = tryParse(trimmed.slice(start, span.end), JSON5.parse);
    if (inner.ok) return { value: inner.value, repair: 'json-extracted' };
    return undefined;
  }
  // Truncated: close the open string and braces the scan saw.
  const closed = `${trimmed.slice(start)}${span.inString ? '"' : ''}${span.closers}`;
  const fixed = tryParse(closed, JSON5.parse);
  return fixed.ok ? { value: fixed.value, repair: 'json-closed' } : undefined;
}

function tryParse(text: string, parse: (s: string) => unknown): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: parse(text) };
  } catch {
    return { ok: false };
  }
}

interface Span {
  closed: boolean;
  end: number;
  /** Closing brackets still owed, innermost first. */
  closers: string;
  inString: boolean;
}

/** Scans from an opening brace to its match, skipping brackets inside strings. */
function balancedObject(text: string, start: number): Span {
  const stack: string[] = [];
  let quote = '';
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '{') stack.push('}');
    else if (ch === '[') stack.push(']');
    else if (ch === '}' || ch === ']') {
      stack.pop();
      if (stack.length === 0) return { closed: true, end: i + 1, closers: '', inString: false };
    }
  }
  return { closed: false, end: text.length, closers: stack.reverse().join(''), inString: quote !== '' };
}
