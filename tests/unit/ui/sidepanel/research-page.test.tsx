// @vitest-environment jsdom
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SidePanelApp } from '../../../../src/ui/sidepanel/app';
import {
  click,
  eventually,
  type FakeWorld,
  fakeWorld,
  find,
  key,
  mount,
  q,
  unmount,
  until,
} from '../helpers';

// "Research this page": the panel button, and intents the service worker hands over (context menu, shortcut).

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
