import { describe, expect, it } from 'vitest';
import { configFromArgs } from '../../../scripts/eval/cli-args';
import { resolveProfile } from '../../../scripts/eval/profiles';

const base = { data: 'd.jsonl', server: 'http://127.0.0.1:8000/v1', model: 'dr-venus-4b' };

function settingsFor(extra: Record<string, unknown>) {
  const r = configFromArgs({ ...base, ...extra }, {});
  if (!r.ok) throw new Error(r.error);
  const p = resolveProfile(r.value.profile, base.model, { choices: r.value.choices });
  if (typeof p === 'string') throw new Error(p);
  return p.settings;
}

describe('profile choices as eval options', () => {
  it("default to the extension's: the dr-venus profile as the extension runs it", () => {
    const s = settingsFor({});
    expect(s).toMatchObject({
      profile: 'dr-venus',
      generationPrefix: '<think>\n',
      foldPolicy: 'auto',
      digestStyle: 'trained',
      maxSteps: 200,
    });
  });

  it('each choice flips what the agent runs with', () => {
    const s = settingsFor({
      temperature: '0.3',
      'top-k': '5',
      'max-tokens': '8000',
      prefix: '',
      fold: 'no-fold',
      duplicates: 'note',
      digest: 'compact',
      thoroughness: 'quick',
    });
    expect(s).toMatchObject({
      temperature: 0.3,
      topK: 5,
      maxTokens: 8000,
      generationPrefix: '',
      foldPolicy: 'no-fold',
      duplicatePolicy: 'note',
      digestStyle: 'compact',
      maxSteps: 15,
    });
    expect(settingsFor({ prefix: '<think>\\n' }).generationPrefix).toBe('<think>\n');
  });

  it('names every bad value, and a summary mode that lacks its server', () => {
    const r = configFromArgs({ ...base, fold: 'sometimes', temperature: 'hot', summary: 'extractor' }, {});
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.split('\n')).toEqual([
      '--temperature needs a number from 0 to 2, got "hot"',
      '--fold takes profile, fold, no-fold, auto, got "sometimes"',
      '--summary extractor needs --extractor-server and --extractor-model',
    ]);
  });
});

describe('--paper', () => {
  it("sets the paper's setting as defaults, each still overridable, and needs a judge", () => {
    const judge = { 'judge-server': 'http://j/v1', 'judge-model': 'j' };
    const r = configFromArgs({ ...base, ...judge, paper: true }, { SERPER_API_KEY: 'k' });
    expect(r.ok && r.value).toMatchObject({
      profile: 'dr-venus',
      windows: [262144],
      attempts: 16,
      search: [{ id: 'serper' }],
      allowUnseenUrls: true,
    });
    const fewer = configFromArgs({ ...base, ...judge, paper: true, attempts: '4' }, {});
    expect(fewer.ok && fewer.value.attempts).toBe(4);
    const noJudge = configFromArgs({ ...base, paper: true }, {});
    expect(noJudge.ok).toBe(false);
  });

  it('opens URLs the model wrote, as the reference does, unless --refuse-unseen-urls', () => {
    const judge = { 'judge-server': 'http://j/v1', 'judge-model': 'j' };
    const refused = configFromArgs({ ...base, ...judge, paper: true, 'refuse-unseen-urls': true }, {});
    expect(refused.ok && refused.value.allowUnseenUrls).toBe(false);
    const plain = configFromArgs({ ...base }, {});
    expect(plain.ok && plain.value.allowUnseenUrls).toBe(false);
    const both = configFromArgs({ ...base, 'allow-unseen-urls': true, 'refuse-unseen-urls': true }, {});
    expect(both.ok).toBe(false);
  });
});
