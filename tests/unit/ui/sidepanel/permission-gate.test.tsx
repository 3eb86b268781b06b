// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../src/settings/schema';
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

let world: FakeWorld;
let root: HTMLElement;

beforeEach(async () => {
  world = await fakeWorld();
  world.handle('runner.start', () => ({ sessionId: 's1' }));
  // A fresh install: no access to all sites yet.
  world.granted = new Set();
});
afterEach(() => unmount(root));

const starts = () => world.sent.filter((m) => m.type === 'runner.start');

async function ask(question: string) {
  root = mount(<SidePanelApp services={world.services} />);
  type(await find<HTMLTextAreaElement>(root, 'question'), question);
  click(q(root, 'start'));
}

describe('site access before the first run', () => {
  it('explains and asks for all sites before starting, then starts once allowed', async () => {
    await ask('What is new in fusion?');
    await eventually(() =>
      expect(q(root, 'permission-gate')?.textContent).toContain(
        'Sleuth reads pages by opening them in your browser tabs',
      ),
    );
    expect(starts()).toHaveLength(0);
    click(q(root, 'allow-and-start'));
    await until(() => starts().length === 1);
    expect(world.permissionRequests).toEqual([['<all_urls>']]);
    expect(starts()[0]?.payload).toEqual({ question: 'What is new in fusion?', origin: 'ask' });
    expect(q(root, 'permission-gate')).toBeNull();
  });

  it('says what will not work when refused, and can start anyway', async () => {
    world.grantRequests = false;
    await ask('Tides?');
    click(await find(root, 'allow-and-start'));
    await until(() => q(root, 'permission-refused') !== null);
    expect(q(root, 'permission-refused')?.textContent).toContain('cannot open pages');
    expect(starts()).toHaveLength(0);
    click(q(root, 'start-without-access'));
    await until(() => starts().length === 1);
  });

  it('is skipped when the developer loopback setting is on (end-to-end tests)', async () => {
    world.settings = { ...DEFAULT_SETTINGS, allowLoopback: true };
    await ask('Loopback run');
    await until(() => starts().length === 1);
    expect(q(root, 'permission-gate')).toBeNull();
    expect(world.permissionRequests).toEqual([]);
  });

  it('is skipped once all sites are granted', async () => {
    world.granted = new Set(['<all_urls>']);
    await ask('Granted run');
    await until(() => starts().length === 1);
    expect(q(root, 'permission-gate')).toBeNull();
  });
});
