import { describe, expect, it } from 'vitest';
import { toLoadError } from '../../../src/llm/load-errors';
import { httpError, unreachable } from '../../../src/llm/openai/errors';

const model = { model: 'DR-Venus-4B' };

describe('a failed model load names its real cause', () => {
  it('a GGUF URL answering 404 is a missing file, not "offline"', () => {
    // What emscripten's fetch in wllama throws, and a fetch wrapper's wording.
    for (const err of [
      new Error('404 : https://huggingface.co/x/resolve/main/m.gguf'),
      new TypeError('Failed to fetch model: HTTP 404'),
    ]) {
      const e = toLoadError(err, model);
      expect(e.message).toContain('HTTP 404');
      expect(e.message).not.toMatch(/offline/i);
      expect(e.hint).toMatch(/model URL/);
    }
  });

  it('a name that does not resolve is DNS; a bare failed fetch is offline', () => {
    expect(toLoadError(new TypeError('net::ERR_NAME_NOT_RESOLVED'), model).message).toMatch(/DNS/);
    expect(toLoadError(new TypeError('Failed to fetch'), model).message).toMatch(/offline/);
  });

  it('a CORS refusal says so', () => {
    const e = toLoadError(new TypeError('blocked by CORS policy: No Access-Control-Allow-Origin'), model);
    expect(e.message).toMatch(/CORS/);
  });

  it('a damaged file read as sizes is not shown as a raw number', () => {
    const e = toLoadError(new RangeError('Invalid typed array length: 1163217991'), model);
    expect(e.message).not.toContain('1163217991');
    expect(e.message).toMatch(/not a complete model/);
    expect(e.hint).toMatch(/download it again/);
  });

  it('running out of memory is out of memory', () => {
    expect(toLoadError(new RangeError('Array buffer allocation failed'), model).code).toBe('out-of-memory');
  });

  it('hints never tell the user to press a button the panel does not have', () => {
    const errors = [
      new Error('Failed to fetch'),
      new Error('HTTP 503'),
      new Error('HTTP 403'),
      new Error('something odd'),
      Object.assign(new Error('x'), { name: 'DeviceLostError' }),
    ];
    for (const err of errors) expect(toLoadError(err, model).hint).not.toMatch(/press Retry|press Resume/);
  });
});

describe('a model server failure names its real cause', () => {
  it("Ollama's 403 (origin not allowed) points to OLLAMA_ORIGINS, not the API key", () => {
    const e = httpError(403, '', 'http://127.0.0.1:11434/v1', 'qwen3:4b');
    expect(e.message).not.toMatch(/API key/);
    expect(`${e.message} ${e.hint}`).toContain('OLLAMA_ORIGINS');
  });

  it('a 401, or a 403 about the key, is still the key', () => {
    expect(httpError(401, '', 'https://api.example/v1', 'm').message).toMatch(/API key/);
    expect(
      httpError(403, '{"error":{"message":"invalid api key"}}', 'https://api.example/v1', 'm').message,
    ).toMatch(/API key/);
  });

  it('an unknown host is DNS; nothing answering mentions the server and CORS', () => {
    expect(
      unreachable('http://nosuch.invalid/v1', new TypeError('net::ERR_NAME_NOT_RESOLVED')).message,
    ).toMatch(/DNS/);
    const down = unreachable('http://127.0.0.1:11434/v1', new TypeError('Failed to fetch'));
    expect(down.message).toMatch(/nothing answered/);
    expect(down.hint).toMatch(/Start the model server/);
  });
});
