import { netCauseOf } from '../../errors/net-cause';
import { reachOf } from '../../security/server-reach';
import { EngineError } from '../engine';
import { failureOf, hostOf } from '../failure-cause';
import { errorMessageFrom } from './schema';

/** HTTP failures of an OpenAI-compatible server, in plain words with a next step. */
export function httpError(status: number, body: string, baseUrl: string, model: string): EngineError {
  const said = errorMessageFrom(body) ?? body.trim().slice(0, 200);
  const detail = said ? ` The server said: ${said}` : '';
  // Ollama answers 403 with an empty body to a request whose Origin it does not allow; a server that
  // rejects a key says so (401, or 403 with a message about the key).
  if (status === 403 && !/key|auth|token|credential|permission|quota|billing/i.test(said)) {
    const origin = extensionOrigin();
    return new EngineError(
      'unauthorized',
      `The model server at ${baseUrl} refused requests from this extension (HTTP 403).${detail} Ollama does this when OLLAMA_ORIGINS does not allow the extension.`,
      `Restart Ollama with OLLAMA_ORIGINS=${origin} set (for example \`OLLAMA_ORIGINS=${origin} ollama serve\`); other servers: allow requests from ${origin}.`,
      { code: 'model-server-origin-refused', params: { url: baseUrl, origin } },
    );
  }
  if (status === 401 || status === 403) {
    return new EngineError(
      'unauthorized',
      `The model server rejected the API key (HTTP ${status}).${detail}`,
      'Check the API key in Options → Model (leave it empty for local servers that need none).',
      { code: 'model-server-key-rejected', params: { status } },
    );
  }
  if (status === 404) {
    if (/model/i.test(said)) {
      return new EngineError(
        'not-loaded',
        `The model server at ${baseUrl} has no model named "${model}".${detail}`,
        'Pull or load that model on the server (e.g. `ollama pull <name>`), or pick one from Test connection.',
        { code: 'model-not-on-server', params: { url: baseUrl, model } },
      );
    }
    return new EngineError(
      'bad-response',
      `No OpenAI-compatible API at ${baseUrl} (HTTP 404).`,
      'Check the base URL; it usually ends in /v1.',
      { code: 'model-server-no-api', params: { url: baseUrl } },
    );
  }
  if (status === 408 || status === 504) {
    return new EngineError(
      'timeout',
      `The model server timed out (HTTP ${status}).${detail}`,
      'Retry the turn.',
      { code: 'model-server-timeout', params: { status } },
    );
  }
  if (status >= 500) {
    return new EngineError(
      'server-error',
      `The model server failed (HTTP ${status}).${detail}`,
      'Check the server log; retry once it is healthy.',
      { code: 'model-server-failed', params: { status } },
    );
  }
  return new EngineError(
    'bad-response',
    `The model server refused the request (HTTP ${status}).${detail}`,
    'Check the model name and server settings (for example its context length).',
    { code: 'model-server-rejected', params: { status } },
  );
}

/** This extension's origin, as a server's allow-list needs it ("chrome-extension://<id>"). */
export function extensionOrigin(): string {
  const origin = typeof location === 'undefined' ? '' : location.origin;
  return /^(chrome|moz)-extension:/.test(origin) ? origin : 'chrome-extension://*';
}

export function unreachable(baseUrl: string, err: unknown): EngineError {
  const f = failureOf(err);
  const why = f.message ? ` (${f.message})` : '';
  const info = {
    code: 'model-server-unreachable' as const,
    params: {
      url: baseUrl,
      host: hostOf(baseUrl),
      reach: reachOf(baseUrl),
      cause: netCauseOf(err),
      origin: extensionOrigin(),
    },
  };
  if (f.cause === 'dns') {
    return new EngineError(
      'offline',
      `Could not find ${hostOf(baseUrl)}: the name did not resolve (DNS)${why}.`,
      'Check the base URL in Options → Model and your connection.',
      { ...info, params: { ...info.params, cause: 'dns' } },
    );
  }
  return new EngineError(
    'offline',
    `Could not reach ${baseUrl}${why}: nothing answered there, or the server refused this extension's origin (CORS).`,
    `Start the model server (Ollama, llama.cpp, vLLM, LM Studio) or fix the base URL in Options → Model. If it is running, let it accept ${extensionOrigin()} (Ollama: OLLAMA_ORIGINS).`,
    info,
  );
}

export function firstByteTimeout(baseUrl: string, seconds: number): EngineError {
  return new EngineError(
    'timeout',
    `The model server at ${baseUrl} sent nothing for ${seconds} s.`,
    'The model may still be loading; retry, or raise the timeout in Options → Model.',
    { code: 'model-server-silent', params: { url: baseUrl, seconds } },
  );
}
