import * as v from 'valibot';
import type { EngineFailure } from '../../errors/run-error';
import { abortError } from '../abort';
import { EngineError } from '../engine';
import { unreachable } from './errors';
import { type OpenAiHttpOptions, openRequest } from './http';
import { describeIssue, ModelListSchema } from './schema';

export type ConnectionResult =
  | { ok: true; models: string[]; modelFound: boolean | null; latencyMs: number }
  | { ok: false; code: EngineError['code']; message: string; hint: string; info?: EngineFailure };

/** Lists the server's models (GET /models); says plainly what is wrong when it cannot. */
export async function testConnection(
  o: OpenAiHttpOptions & { model: string | null },
  signal?: AbortSignal,
): Promise<ConnectionResult> {
  const now = o.now ?? (() => performance.now());
  const t0 = now();
  try {
    const { response, timer } = await openRequest(
      { ...o, model: o.model ?? '' },
      '/models',
      { method: 'GET' },
      signal,
    );
    clearTimeout(timer);
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new EngineError(
        'bad-response',
        `${o.baseUrl}/models did not return JSON.`,
        'Check the base URL.',
      );
    }
    const parsed = v.safeParse(ModelListSchema, json);
    if (!parsed.success) {
      throw new EngineError(
        'bad-response',
        `${o.baseUrl}/models returned an unexpected list (${describeIssue(parsed.issues)}).`,
        'Check that the URL points to an OpenAI-compatible API.',
      );
    }
    const models = parsed.output.data.map((m) => m.id);
    return {
      ok: true,
      models,
      modelFound: o.model === null ? null : models.includes(o.model),
      latencyMs: now() - t0,
    };
  } catch (err) {
    if (signal?.aborted) throw abortError(signal.reason);
    const e = err instanceof EngineError ? err : unreachable(o.baseUrl, err);
    return { ok: false, code: e.code, message: e.message, hint: e.hint, ...(e.info ? { info: e.info } : {}) };
  }
}
