import * as v from 'valibot';
import { fetchHops, hopPolicyFor } from '../../security/redirect-hops';

/** What the first-run guide found of a model server on this machine. */
export type OllamaFound =
  | { state: 'running'; baseUrl: string; models: string[] }
  /** It answered 403: running, but its OLLAMA_ORIGINS does not let this extension in. */
  | { state: 'refused'; baseUrl: string }
  | { state: 'absent' };

const OLLAMA = 'http://127.0.0.1:11434';
const Tags = v.object({ models: v.array(v.object({ name: v.string() })) });

/**
 * Looks for Ollama on its default port (GET /api/tags), briefly: a machine without it must not make
 * the guide wait. Without access to 127.0.0.1 a refusal looks like absence (the browser hides it).
 */
export async function findOllama(fetchImpl: typeof fetch, timeoutMs = 1500): Promise<OllamaFound> {
  try {
    const url = `${OLLAMA}/api/tags`;
    const res = await fetchHops(
      fetchImpl,
      url,
      { signal: AbortSignal.timeout(timeoutMs) },
      { policy: hopPolicyFor(url) },
    );
    if (res.status === 403) return { state: 'refused', baseUrl: `${OLLAMA}/v1` };
    if (!res.ok) return { state: 'absent' };
    const tags = v.safeParse(Tags, await res.json());
    return {
      state: 'running',
      baseUrl: `${OLLAMA}/v1`,
      models: tags.success ? tags.output.models.map((m) => m.name) : [],
    };
  } catch {
    return { state: 'absent' };
  }
}
