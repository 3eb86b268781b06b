import { describe, expect, it } from 'vitest';
import type { ResearchIntent } from '../../../src/router/research-intent';
import { researchThisPage } from '../../../src/router/research-this-page';

const page = { url: 'https://example.org/a', title: 'A page', markdown: '# A\n\nText.' };

describe('research this page (context menu, keyboard)', () => {
  it('opens the panel before the page is read, then hands the page over once', async () => {
    const log: string[] = [];
    const offered: ResearchIntent[] = [];
    let finishRead: (p: typeof page) => void = () => undefined;
    const run = researchThisPage({
      openPanel: async (w) => void log.push(`open ${w}`),
      readPage: (tabId, selection) => {
        log.push(`read ${tabId} ${selection ?? ''}`.trim());
        return new Promise((ok) => {
          finishRead = ok;
        });
      },
      offer: async (i) => void offered.push(i),
    });
    const done = run({ kind: 'selection', tabId: 4, windowId: 9, selection: 'Some words' });
    // Chrome only opens the panel inside the user gesture: the call happens before anything awaits.
    expect(log).toEqual(['open 9', 'read 4 Some words']);
    expect(offered).toEqual([]);
    finishRead(page);
    await done;
    expect(offered).toEqual([{ kind: 'selection', ...page }]);
  });

  it('opens the panel without a draft when the page cannot be read', async () => {
    let opened = 0;
    const offered: ResearchIntent[] = [];
    const run = researchThisPage({
      openPanel: async () => {
        opened += 1;
      },
      readPage: async () => {
        throw new Error('Cannot access a chrome:// URL');
      },
      offer: async (i) => void offered.push(i),
    });
    await run({ kind: 'page', tabId: 1, windowId: 1 });
    await researchThisPage({
      openPanel: async () => {
        opened += 1;
      },
      readPage: async () => null,
      offer: async (i) => void offered.push(i),
    })({ kind: 'page', tabId: 2, windowId: 1 });
    expect(opened).toBe(2);
    expect(offered).toEqual([]);
  });
});
