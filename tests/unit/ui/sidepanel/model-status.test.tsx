// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SidePanelApp } from '../../../../src/ui/sidepanel/app';
import {
  click,
  eventually,
  type FakeWorld,
  fakeWorld,
  find,
  mount,
  q,
  type,
  unmount,
  until,
} from '../helpers';

// What the panel says about the model before and while it loads, and the first-run download guide.

let world: FakeWorld;
let root: HTMLElement;

beforeEach(async () => {
  world = await fakeWorld();
  world.handle('runner.start', () => ({ sessionId: 'p1' }));
});
afterEach(() => unmount(root));

const payloads = (type: string) => world.sent.filter((m) => m.type === type).map((m) => m.payload);

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

  it('says plainly that the model is not loaded and that the first load downloads it', async () => {
    world.handle('engine.ping', () => ({
      context: 'engine',
      startedAt: 0,
      engine: { engine: 'web-llm', modelId: null, state: 'not-loaded' },
    }));
    root = mount(<SidePanelApp services={world.services} />);
    // It read "Load it now (the first time it is downloaded), or research will load it when you start."
    // On a first run the guide below names the model and its download, so the notice is one row.
    await eventually(() =>
      expect(q(root, 'engine-notice')?.querySelector('p')?.textContent).toBe(
        'Not loaded yet: it loads when you start.',
      ),
    );
    await eventually(() =>
      expect(q(root, 'guide-plan')?.textContent).toContain('downloaded once on first use'),
    );
  });

  it('while the first-run guide is open, one link leads to choosing the model, not two', async () => {
    world.handle('engine.ping', () => ({
      context: 'engine',
      startedAt: 0,
      engine: { engine: 'web-llm', modelId: null, state: 'not-loaded' },
    }));
    root = mount(<SidePanelApp services={world.services} />);
    await find(root, 'guide-plan');
    await find(root, 'load-model');
    const links = () => [...root.querySelectorAll('button.link')].map((b) => b.textContent);
    // The notice's "Choose a model or engine in Options" sat one box above the guide's own link.
    expect(links().filter((l) => /Choose (a|another) model/.test(l ?? ''))).toEqual(['Choose another model']);
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
