import { describe, expect, it } from 'vitest';
import { configFromArgs } from '../../../scripts/eval/cli-args';

const base = { data: 'd.jsonl', server: 'http://127.0.0.1:8000/v1', model: 'm' };

describe('--reader: how the eval reads pages', () => {
  it('reads with fetch + jsdom unless asked for Chromium', () => {
    const plain = configFromArgs(base, {});
    expect(plain.ok && plain.value.reader).toBe('fetch');
    const chromium = configFromArgs({ ...base, reader: 'chromium' }, {});
    expect(chromium.ok && chromium.value.reader).toBe('chromium');
  });

  it('names a reader it does not know', () => {
    const r = configFromArgs({ ...base, reader: 'firefox' }, {});
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain('--reader takes fetch or chromium, not "firefox"');
  });
});
