// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineStatus } from '../../../../src/llm/host/engine-status';
import { ModelProgress } from '../../../../src/ui/ask/model-progress';
import { StatusLine } from '../../../../src/ui/status/status-line';
import { mount, tEn, unmount } from '../helpers';

let root: HTMLElement | null = null;
afterEach(() => {
  if (root) unmount(root);
  root = null;
});

const MB = 1024 * 1024;
const loading = (progress: EngineStatus['progress']): EngineStatus => ({
  engine: 'wllama',
  modelId: 'model.gguf',
  state: 'loading',
  ...(progress ? { progress } : {}),
});
const label = (status: EngineStatus) => {
  root = mount(<ModelProgress status={status} t={tEn} />);
  const text = root.querySelector('label')?.textContent ?? '';
  unmount(root);
  root = null;
  return text;
};

describe('model download progress', () => {
  it('says how much arrived when the size is unknown, never a 0% that does not move', () => {
    // What wllama's downloader reports when the server gave no size: bytes, a total of 0.
    const text = label(loading({ fraction: 0, loadedBytes: 5 * MB, text: 'Downloading model: 5.0 MB' }));
    expect(text).toContain('5.0 MB downloaded');
    expect(text).not.toMatch(/\b0%/);
  });

  it('says nothing about amounts before the first bytes, and how much of how much after', () => {
    expect(label(loading({ fraction: 0 }))).not.toMatch(/%/);
    expect(label(loading({ fraction: 0.25, loadedBytes: 25 * MB, totalBytes: 100 * MB }))).toContain(
      '25 MB of 100 MB',
    );
    // An engine that only knows a fraction (web-llm) still shows it.
    expect(label(loading({ fraction: 0.4 }))).toContain('40%');
  });

  it('the health details say the bytes too when the size is unknown', () => {
    root = mount(
      <StatusLine
        status={{
          worker: 'ok',
          offscreen: 'ok',
          storage: null,
          engine: loading({ fraction: 0, loadedBytes: 5 * MB }),
        }}
        t={tEn}
      />,
    );
    const engine = root.querySelector('[data-testid=status-engine]')?.textContent ?? '';
    expect(engine).toContain('5.0 MB');
    expect(engine).not.toMatch(/\b0%/);
  });
});
