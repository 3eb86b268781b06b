import { describe, expect, it } from 'vitest';
import { configFromArgs, parseSearchSpec } from '../../../scripts/eval/cli-args';
import { defaultProfileFor, resolveProfile } from '../../../scripts/eval/profiles';

describe('eval options', () => {
  it('fills the defaults: exact judge, one attempt, the extension window and search providers', () => {
    const r = configFromArgs(
      { data: 'd.jsonl', server: 'http://127.0.0.1:8000/v1/', model: 'm' },
      { SLEUTH_API_KEY: 'k' },
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({
      server: { url: 'http://127.0.0.1:8000/v1', model: 'm', apiKey: 'k' },
      judge: { mode: 'exact' },
      attempts: 1,
      concurrency: 1,
      windows: [8192],
      search: [{ id: 'duckduckgo' }, { id: 'wikipedia' }],
      seed: 0,
      allowLoopback: false,
    });
  });

  it('takes an LLM judge, repeated windows and search providers in order', () => {
    const r = configFromArgs(
      {
        data: 'd',
        server: 'http://h/v1',
        model: 'm',
        'judge-server': 'http://j/v1',
        'judge-model': 'judge',
        window: ['8192', '32768', '8192'],
        search: ['searxng=http://127.0.0.1:8888', 'serper'],
        'no-seed': true,
      },
      { SLEUTH_JUDGE_API_KEY: 'jk' },
    );
    expect(r.ok && r.value).toMatchObject({
      judge: { mode: 'llm', url: 'http://j/v1', model: 'judge', apiKey: 'jk' },
      windows: [8192, 32768],
      search: [{ id: 'searxng', baseUrl: 'http://127.0.0.1:8888' }, { id: 'serper' }],
      seed: null,
    });
  });

  it('replays need no server and run at 128K unless told', () => {
    const r = configFromArgs({ data: 'dir', replay: true }, {});
    expect(r.ok && r.value).toMatchObject({ server: null, windows: [262144] });
  });

  it('names every mistake at once', () => {
    const r = configFromArgs(
      {
        attempts: '0',
        window: ['1000'],
        judge: 'llm',
        search: ['bing'],
        'judge-model': 'j',
        seed: '1',
        'no-seed': true,
      },
      {},
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.split('\n')).toEqual([
      '--data FILE is required',
      '--server URL and --model NAME are required (or --replay)',
      '--judge-model needs --judge-server too',
      '--judge takes "exact" (an LLM judge is --judge-server URL --judge-model NAME), got "llm"',
      '--window needs a whole number of at least 2048, got "1000"',
      '--search: unknown provider "bing" (known: duckduckgo, searxng, brave, tavily, serper, google, jina, wikipedia)',
      '--seed and --no-seed exclude each other',
      '--attempts needs a whole number of at least 1, got "0"',
    ]);
  });

  it('checks search provider addresses', () => {
    expect(parseSearchSpec('searxng=ftp://x')).toEqual({
      ok: false,
      error: '--search searxng=URL needs an http(s) URL, got "ftp://x"',
    });
    expect(parseSearchSpec('Wikipedia')).toEqual({ ok: true, value: { id: 'wikipedia' } });
  });
});

describe('profiles', () => {
  it('picks dr-venus for DR-Venus model names, general otherwise', () => {
    expect(defaultProfileFor('inclusionAI/DR-Venus-4B-RL')).toBe('dr-venus');
    expect(defaultProfileFor('dr_venus-4b-q4_k_m.gguf')).toBe('dr-venus');
    expect(defaultProfileFor('qwen3:8b')).toBe('general');
  });

  it("maps each name to the extension's model profile, every choice an agent setting", () => {
    const general = resolveProfile('general', 'x');
    expect(typeof general !== 'string' && general).toMatchObject({
      name: 'general',
      settings: { maxSteps: 60, temperature: 0.6, topK: 20, duplicatePolicy: 'note', foldPolicy: 'fold' },
      requestFields: {},
    });
    const venus = resolveProfile(undefined, 'DR-Venus-4B');
    expect(typeof venus !== 'string' && venus.settings).toMatchObject({
      maxSteps: 200,
      temperature: 1,
      topP: 0.95,
      topK: 20,
      presencePenalty: 1.1,
      maxTokens: 15_000,
      generationPrefix: '<think>\n',
      duplicatePolicy: 'resample',
      digestStyle: 'trained',
    });
    expect(typeof venus !== 'string' && venus.settings.prompts?.system).toContain('{tools}');
    expect(resolveProfile('fast', 'x')).toBe('unknown profile "fast" (known: dr-venus, general)');
  });
});
