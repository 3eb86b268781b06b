// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stepToRecord } from '../../../../src/store/step-codec';
import { SidePanelApp } from '../../../../src/ui/sidepanel/app';
import { sampleSession, sampleSteps } from '../../export/sample-session';
import { click, eventually, type FakeWorld, fakeWorld, find, mount, q, qa, unmount, until } from '../helpers';

// The history list (search, continue, delete) and getting sessions out and in (markdown, trajectory JSON).

let world: FakeWorld;
let root: HTMLElement;

beforeEach(async () => {
  world = await fakeWorld();
  world.handle('runner.start', () => ({ sessionId: 'p1' }));
});
afterEach(() => unmount(root));

const payloads = (type: string) => world.sent.filter((m) => m.type === type).map((m) => m.payload);

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
});
