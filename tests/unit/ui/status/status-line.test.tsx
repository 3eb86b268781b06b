// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineStatus } from '../../../../src/llm/host/engine-status';
import type { Translate } from '../../../../src/ui/shared/translate';
import { StatusLine } from '../../../../src/ui/status/status-line';
import { mount, tEn, unmount } from '../helpers';

const table = JSON.parse(readFileSync(resolve(process.cwd(), 'scripts/locales.json'), 'utf8')) as Record<
  string,
  { en: string; zh_CN?: string }
>;
const tZh: Translate = (key, subs) => {
  const list = subs === undefined ? [] : Array.isArray(subs) ? subs : [subs];
  return (table[key]?.zh_CN ?? key).replace(/\$(\d)/g, (_, n: string) => list[Number(n) - 1] ?? '');
};

let root: HTMLElement | null = null;
afterEach(() => {
  if (root) unmount(root);
  root = null;
});

const DOWN: EngineStatus = {
  engine: 'openai',
  modelId: 'qwen3:4b',
  state: 'ready',
  server: {
    ok: false,
    message: 'Could not reach http://127.0.0.1:11434/v1 (Failed to fetch): nothing answered there.',
    info: {
      code: 'model-server-unreachable',
      params: {
        url: 'http://127.0.0.1:11434/v1',
        host: '127.0.0.1:11434',
        reach: 'loopback',
        cause: 'refused',
        origin: 'chrome-extension://abc',
      },
    },
  },
};

const engineLine = (engine: EngineStatus, t: Translate) => {
  root = mount(<StatusLine status={{ worker: 'ok', offscreen: 'ok', storage: null, engine }} t={t} />);
  return root.querySelector('[data-testid=status-engine]')?.textContent ?? '';
};

// Issue 26 item 6: the health details showed the engine host's English sentence for a model
// server that does not answer, in the Chinese panel too.
describe('the health details for a model server that does not answer', () => {
  it('word the reason from its code, in the panel language', () => {
    const en = engineLine(DOWN, tEn);
    expect(en).toContain('The model server at http://127.0.0.1:11434/v1 is not answering');
    expect(en).not.toContain('Failed to fetch');
    unmount(root as HTMLElement);
    const zh = engineLine(DOWN, tZh);
    expect(zh).not.toContain('nothing answered');
    expect(zh).toMatch(/\p{Script=Han}/u);
  });

  it('show the text of a status that came without a code', () => {
    const { info: _, ...bare } = DOWN.server ?? { ok: false };
    expect(engineLine({ ...DOWN, server: bare }, tEn)).toContain('nothing answered there');
  });
});
