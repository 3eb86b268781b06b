import { EngineError } from './engine';
import { errorMessageFrom } from './openai-schema';

/** HTTP failures of an OpenAI-compatible server, in plain words with a next step. */
export function httpError(status: number, body: string, baseUrl: string, model: string): EngineError {
  const said = errorMessageFrom(body) ?? body.trim().slice(0, 200);
  const detail = said ? ` The server said: ${said}` : '';
  if (status === 401 || status === 403) {
    return new EngineError(
      'unauthorized',
      `The model server rejected the API key (HTTP ${status}).${detail}`,
      'Check the API key in Options → Model (leave it empty for local servers that need none).',
    );
  }
  if (status === 404) {
    if (/model/i.test(said)) {
      return new EngineError(
        'not-loaded',
        `The model server at ${baseUrl} has no model named "${model}".${detail}`,
        'Pull or load that model on the server (e.g. `ollama pull <name>`), or pick one from Test connection.',
      );
    }
    return new EngineError(
      'bad-response',
      `No OpenAI-compatible API at ${baseUrl} (HTTP 404).`,
      'Check the base URL; it usually ends in /v1.',
    );
  }
  if (status === 408 || status === 504) {
    return new EngineError(
      'timeout',
      `The model server timed out (HTTP ${status}).${detail}`,
      'Retry the turn.',
    );
  }
  if (status >= 500) {
    return new EngineError(
      'server-error',
      `The model server failed (HTTP ${status}).${detail}`,
      'Check the server log; retry once it is healthy.',
    );
  }
  return new EngineError(
    'bad-response',
    `The model server refused the request (HTTP ${status}).${detail}`,
    'Check the model name and server settings (for example its context length).',
  );
}

export function unreachable(baseUrl: string, err: unknown): EngineError {
  const why = err instanceof Error && err.message ? ` (${err.message})` : '';
  return new EngineError(
    'offline',
    `Could not reach ${baseUrl}${why}.`,
    'Start the model server (Ollama, llama.cpp, vLLM, LM Studio) or fix the base URL in Options → Model.',
  );
}

export function firstByteTimeout(baseUrl: string, seconds: number): EngineError {
  return new EngineError(
    'timeout',
    `The model server at ${baseUrl} sent nothing for ${seconds} s.`,
    'The model may still be loading; retry, or raise the timeout in Options → Model.',
  );
}
