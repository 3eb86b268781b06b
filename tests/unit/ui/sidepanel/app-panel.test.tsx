// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stepToRecord } from '../../../../src/store/step-codec';
import { SidePanelApp } from '../../../../src/ui/sidepanel/app';
import { sampleSession, sampleSteps } from '../../export/sample-session';
import {
  click,
  eventually,
  type FakeWorld,
  fakeWorld,
  find,
  key,
  mount,
  q,
  qa,
  type,
  unmount,
  until,
} from '../helpers';

let world: FakeWorld;
let root: HTMLElement;

beforeEach(async () => {
  world = await fakeWorld();
  world.handle('runner.start', () => ({ sessionId: 'p1' }));
});
afterEach(() => unmount(root));

const payloads = (type: string) => world.sent.filter((m) => m.type === type).map((m) => m.payload);
const page = { url: 'https://news.example/a', title: 'Fusion breakthrough', markdown: '# Fusion\nText.' };

describe('research this page', () => {
  it('fills an editable page question and starts with the page attached', async () => {
    world.handle('router.currentPage', () => page);
    root = mount(<SidePanelApp services={world.services} />);
    click(await find(root, 'research-page'));
    const box = await find<HTMLTextAreaElement>(root, 'question');
    await eventually(() => {
      expect(box.value).toBe(
        'What is known about “Fusion breakthrough”? Summarize and verify its main claims.',
      );
      expect(root.querySelector('.page-chip')?.textContent).toContain('Fusion breakthrough');
    });
    key(box, 'Enter');
    await until(() => payloads('runner.start').length > 0);
    expect(payloads('runner.start')).toEqual([
      {
        question: 'What is known about “Fusion breakthrough”? Summarize and verify its main claims.',
        origin: 'page',
        page,
      },
    ]);
  });

  it('says so when the current page cannot be read', async () => {
    world.handle('router.currentPage', () => null);
    root = mount(<SidePanelApp services={world.services} />);
    click(await find(root, 'research-page'));
    await eventually(() => expect(root.textContent).toContain("This page can't be read"));
  });

  it('picks up an intent on open and another one offered while open', async () => {
    world.intents.push({ kind: 'selection', ...page, selection: 'Fusion is solved' });
    root = mount(<SidePanelApp services={world.services} />);
    await eventually(() =>
      expect(q<HTMLTextAreaElement>(root, 'question')?.value).toContain('“Fusion is solved”'),
    );
    act(() => world.offerIntent({ kind: 'page', ...page, title: 'Another page' }));
    await eventually(() =>
      expect(q<HTMLTextAreaElement>(root, 'question')?.value).toContain('“Another page”'),
    );
  });
});

describe('model status', () => {
  it('shows download progress with size', async () => {
    world.handle('engine.ping', () => ({
      context: 'engine',
      startedAt: 0,
      engine: {
        engine: 'web-llm',
        modelId: 'Qwen3-4B',
        state: 'loading',
        progress: { fraction: 0.25, loadedBytes: 512 * 1024 * 1024, totalBytes: 2048 * 1024 * 1024 },
      },
    }));
    root = mount(<SidePanelApp services={world.services} />);
    const bar = await find<HTMLProgressElement>(root, 'model-progress');
    await eventually(() => {
      expect(bar.value).toBeCloseTo(0.25);
      expect(root.querySelector('.model-progress')?.textContent).toContain('512 MB of 2.0 GB');
    });
  });

  it('explains an engine error with its hint and offers to retry', async () => {
    world.handle('engine.ping', () => ({
      context: 'engine',
      startedAt: 0,
      engine: {
        engine: 'web-llm',
        modelId: null,
        state: 'error',
        error: { message: 'WebGPU is not available', hint: 'Use the GGUF engine instead.' },
      },
    }));
    world.handle('engine.load', () => ({ engine: 'web-llm', modelId: null, state: 'loading' }));
    root = mount(<SidePanelApp services={world.services} />);
    const banner = await find(root, 'engine-error');
    await eventually(() => {
      expect(banner.textContent).toContain('WebGPU is not available');
      expect(banner.textContent).toContain('Use the GGUF engine instead.');
    });
    click([...banner.querySelectorAll('button')].find((b) => b.textContent === 'Try loading again') ?? null);
    await eventually(() => expect(payloads('engine.load')).toHaveLength(1));
  });
});

describe('first run', () => {
  const plan = {
    engine: 'wllama',
    modelId: 'DR-Venus 4B RL Q4_K_M',
    label: 'DR-Venus 4B RL Q4_K_M',
    profile: 'dr-venus',
    reason: 'Auto picked DR-Venus 4B RL: it fits.',
    downloadBytes: 2.5e9,
    totalBytes: 2.5e9,
  };

  it('on Auto, does not name a model when the engine host cannot tell which one would load', async () => {
    world.handle('engine.ping', () => ({
      context: 'offscreen',
      startedAt: 0,
      engine: { engine: 'wllama', modelId: null, state: 'not-loaded' },
    }));
    world.handle('engine.plan', () => {
      throw new Error('the model hub cannot be reached');
    });
    expect(world.settings.engine).toBe('auto');
    root = mount(<SidePanelApp services={world.services} />);
    await eventually(() => {
      expect(q(root, 'plan-error')?.textContent).toContain('Cannot tell which model would load');
      expect(q(root, 'guide-plan')?.textContent).toContain('the model that fits this device (not known yet)');
    });
    // Before, the guide fell back to the catalog's WebGPU default, which Auto may not load at all.
    expect(q(root, 'guide-plan')?.textContent).not.toMatch(/Qwen|MLC|MB download/);
  });

  it('explains the model and its size before downloading, and starts the run once it is loaded', async () => {
    world.handle('engine.ping', () => ({
      context: 'offscreen',
      startedAt: 0,
      engine: { engine: 'wllama', modelId: null, state: 'not-loaded' },
    }));
    world.handle('engine.plan', () => plan);
    world.handle('engine.load', () => ({ engine: 'wllama', modelId: plan.label, state: 'ready' }));
    world.handle('runner.start', () => ({ sessionId: 's1' }));
    root = mount(<SidePanelApp services={world.services} />);
    // The guide names the model and its size; the notice above it, its plan known, does not repeat them.
    await eventually(() => {
      expect(q(root, 'guide-plan')?.textContent).toContain('DR-Venus 4B RL Q4_K_M · 2.3 GB download');
      expect(q(root, 'engine-notice')?.dataset.plan).toBe('known');
    });
    // The model picker's "Auto: DR-Venus…" names it too, as a choice, not as an explanation.
    const picker = q(root, 'model-picker')?.textContent ?? '';
    const times = (needle: string) =>
      (root.textContent ?? '').split(needle).length - 1 - (picker.split(needle).length - 1);
    expect(times('DR-Venus 4B RL Q4_K_M')).toBe(1);
    expect(times('2.3 GB')).toBe(1);
    expect(q(root, 'load-model')?.textContent).toBe('Load model');
    const box = q<HTMLTextAreaElement>(root, 'question');
    if (!box) throw new Error('no question box');
    type(box, 'What is DR-Venus?');
    click(q(root, 'start'));
    await until(() => q(root, 'first-run') !== null);
    expect(q(root, 'first-run')?.textContent).toContain(
      'Sleuth needs to download DR-Venus 4B RL Q4_K_M (2.3 GB) once',
    );
    expect(q(root, 'first-run')?.textContent).toContain('Auto picked DR-Venus 4B RL: it fits.');
    expect(payloads('runner.start')).toEqual([]);
    expect(payloads('engine.load')).toEqual([]);
    click(q(root, 'first-run-download'));
    await until(() => payloads('runner.start').length === 1);
    expect(payloads('engine.load')).toHaveLength(1);
    expect(q(root, 'first-run')).toBeNull();
  });

  it('once the guide is dismissed, the notice says what a load would fetch', async () => {
    world.settings = { ...world.settings, guideDone: true };
    world.handle('engine.ping', () => ({
      context: 'offscreen',
      startedAt: 0,
      engine: { engine: 'wllama', modelId: null, state: 'not-loaded' },
    }));
    world.handle('engine.plan', () => plan);
    root = mount(<SidePanelApp services={world.services} />);
    await eventually(() => expect(q(root, 'load-model')?.textContent).toBe('Download and load (2.3 GB)'));
    expect(q(root, 'plan-model')?.textContent).toBe('DR-Venus 4B RL Q4_K_M');
    expect(q(root, 'first-run-guide')).toBeNull();
  });

  it('starts at once when the model is already stored', async () => {
    world.handle('engine.ping', () => ({
      context: 'offscreen',
      startedAt: 0,
      engine: { engine: 'wllama', modelId: null, state: 'not-loaded' },
    }));
    world.handle('engine.plan', () => ({ ...plan, downloadBytes: 0 }));
    world.handle('runner.start', () => ({ sessionId: 's1' }));
    root = mount(<SidePanelApp services={world.services} />);
    await find(root, 'question');
    const box = q<HTMLTextAreaElement>(root, 'question');
    if (!box) throw new Error('no question box');
    type(box, 'What is DR-Venus?');
    click(q(root, 'start'));
    await until(() => payloads('runner.start').length === 1);
    expect(q(root, 'first-run')).toBeNull();
  });
});

describe('history', () => {
  async function seed() {
    const s = world.store.sessions;
    await s.create({ ...sampleSession(), id: 'old', question: 'Old question about tides', updatedAt: 1000 });
    await s.create({
      ...sampleSession(),
      id: 'new',
      question: 'New question about stars',
      updatedAt: 2000,
      status: 'stopped',
    });
    for (const st of sampleSteps()) await world.store.steps.put(stepToRecord('new', st));
  }
  const items = () =>
    qa(root, 'history-item').map((li) => li.querySelector('.history-question')?.textContent);

  it('lists sessions newest first, filters by search, and opens one', async () => {
    await seed();
    root = mount(<SidePanelApp services={world.services} />);
    click(await find(root, 'open-history'));
    await until(() => items().length === 2);
    expect(items()).toEqual(['New question about stars', 'Old question about tides']);
    const search = root.querySelector<HTMLInputElement>('input[type="search"]');
    if (!search) throw new Error('no search');
    act(() => {
      search.value = 'tides';
      search.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await until(() => items().length === 1);
    expect(items()).toEqual(['Old question about tides']);
  });

  it('continues a stopped session and deletes after confirming', async () => {
    await seed();
    world.handle('runner.resume', () => ({ sessionId: 'new' }));
    root = mount(<SidePanelApp services={world.services} />);
    click(await find(root, 'open-history'));
    await until(() => items().length === 2);
    click(q(root, 'history-continue'));
    await until(() => qa(root, 'step-card').length === 4);
    expect(payloads('runner.resume')).toEqual([{ sessionId: 'new' }]);

    click(q(root, 'open-history'));
    await until(() => items().length === 2);
    click(q(root, 'history-delete'));
    expect(items()).toHaveLength(2);
    click(q(root, 'history-delete-confirm'));
    await until(() => items().length === 1);
    expect(await world.store.sessions.get('new')).toBeUndefined();

    click(q(root, 'clear-history'));
    click(q(root, 'clear-history-confirm'));
    await until(() => items().length === 0);
    expect(root.textContent).toContain('No research yet.');
  });
});

describe('export and import', () => {
  it('copies the session as markdown with its sources', async () => {
    await world.store.sessions.create({ ...sampleSession(), id: 'done' });
    for (const st of sampleSteps()) await world.store.steps.put(stepToRecord('done', st));
    world.handle('runner.active', () => ({ sessionIds: ['done'] }));
    let copied = '';
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async (s: string) => {
          copied = s;
        },
      },
    });
    root = mount(<SidePanelApp services={world.services} />);
    await until(() => q(root, 'copy-md') !== null);
    click(q(root, 'copy-md'));
    await eventually(() => expect(root.textContent).toContain('Copied.'));
    expect(copied).toContain('# What is the boiling point of water?');
    expect(copied).toContain('[[1]](https://en.wikipedia.org/wiki/Boiling_point)');
    expect(copied).toContain('## Sources');
  });

  it('opens an imported trajectory read-only with every step', async () => {
    const file = resolve(process.cwd(), 'tests/fixtures/drvenus/0000.json');
    const text = readFileSync(file, 'utf8');
    const turns = (JSON.parse(text) as { messages: Array<{ role: string }> }).messages.filter(
      (m) => m.role === 'assistant',
    ).length;
    root = mount(<SidePanelApp services={world.services} />);
    click(await find(root, 'open-history'));
    const input = await find<HTMLInputElement>(root, 'import-json');
    Object.defineProperty(input, 'files', { configurable: true, value: [new File([text], '0000.json')] });
    act(() => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await until(() => qa(root, 'step-card').length > 0);
    expect(qa(root, 'step-card')).toHaveLength(turns);
    expect(root.textContent).toContain('Imported trajectory, read-only.');
    expect(q(root, 'stop')).toBeNull();
    expect(q(root, 'retry-from')).toBeNull();
  });

  it('refuses a file that is not a trajectory', async () => {
    root = mount(<SidePanelApp services={world.services} />);
    click(await find(root, 'open-history'));
    const input = await find<HTMLInputElement>(root, 'import-json');
    Object.defineProperty(input, 'files', { configurable: true, value: [new File(['{"foo":1}'], 'x.json')] });
    act(() => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await until(() => root.querySelector('.import [role="alert"]') !== null);
    expect(root.querySelector('.import [role="alert"]')?.textContent).toContain('Not a trajectory file');
  });

  it('says before any click when the model hub cannot be reached, with what to do', async () => {
    world.handle('engine.ping', () => ({
      context: 'offscreen',
      startedAt: 0,
      engine: { engine: 'auto', modelId: null, state: 'not-loaded' },
    }));
    const offline = () => {
      throw Object.assign(new Error('Cannot reach the model hub at https://huggingface.co.'), {
        hint: 'Check your connection, or set a reachable hub mirror in Options → Model.',
      });
    };
    world.handle('engine.plan', offline);
    root = mount(<SidePanelApp services={world.services} />);
    await eventually(() =>
      expect(q(root, 'plan-error')?.textContent).toBe(
        'Cannot tell which model would load: Cannot reach the model hub at https://huggingface.co.' +
          'Check your connection, or set a reachable hub mirror in Options → Model.',
      ),
    );
  });
});
