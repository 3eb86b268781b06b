/**
 * A fetch for the OpenAI-compatible engine that adds fields to every chat request body, for
 * anything the engine interface cannot carry (seeds it carries: see src/agent/request-seed.ts).
 */
export function withBodyFields(inner: typeof fetch, fields: Record<string, unknown>): typeof fetch {
  if (Object.keys(fields).length === 0) return inner;
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!init || typeof init.body !== 'string' || !/\/chat\/completions$/.test(url))
      return inner(input, init);
    let body: unknown;
    try {
      body = JSON.parse(init.body);
    } catch {
      return inner(input, init);
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return inner(input, init);
    return inner(input, { ...init, body: JSON.stringify({ ...body, ...fields }) });
  };
}
