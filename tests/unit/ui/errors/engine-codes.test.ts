import { describe, expect, it } from 'vitest';
import { runErrorOf } from '../../../../src/errors/run-error';
import { toLoadError } from '../../../../src/llm/load-errors';
import { httpError, unreachable } from '../../../../src/llm/openai/errors';
import { errorLine } from '../../../../src/ui/errors/error-words';
import { tEn } from '../helpers';

describe('engine errors carry their code to the panel', () => {
  it('Ollama refusing the extension (403) gets the exact OLLAMA_ORIGINS value', () => {
    const info = runErrorOf(httpError(403, '', 'http://127.0.0.1:11434/v1', 'qwen3'));
    expect(info?.code).toBe('model-server-origin-refused');
    expect(info && errorLine(info, tEn)).toContain('OLLAMA_ORIGINS=chrome-extension://* ollama serve');
  });

  it('a model server on 127.0.0.1 that is down is a local server, not the internet', () => {
    const info = runErrorOf(unreachable('http://127.0.0.1:11434/v1', new TypeError('Failed to fetch')));
    expect(info).toMatchObject({ code: 'model-server-unreachable', params: { reach: 'loopback' } });
    expect(info && errorLine(info, tEn)).not.toMatch(/internet/i);
  });

  it('a model load failure names its cause', () => {
    const info = runErrorOf(toLoadError(new Error('Failed to fetch: 404 Not Found'), { model: 'Qwen3-4B' }));
    expect(info).toEqual({
      code: 'model-load-failed',
      params: { model: 'Qwen3-4B', cause: 'not-found', status: 404 },
    });
  });
});
