import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension } from './helpers/browser';
import { readSession, readSteps, sessionIds, waitForSession, writeSettings } from './helpers/extension-db';
import {
  answerTurn,
  PAGE_SENTENCE,
  type ResearchFixture,
  startResearchFixture,
  toolCallTurn,
} from './helpers/research-fixture';

describe('recovery', () => {
  let b: ExtensionBrowser;
  let fx: ResearchFixture;

  beforeAll(async () => {
    fx = await startResearchFixture({ chunkSize: 4, chunkDelayMs: 20 });
    b = await launchWithExtension();
  });
  afterAll(async () => {
    await b?.close();
    await fx?.close();
  });

  it('a run cut off by a crashed engine host is offered again and continues where it stopped', async () => {
    const { model, pageUrl } = fx;
    const think = Array.from({ length: 40 }, (_, i) => `Step ${i}: weigh source ${i * 3}.`).join(' ');
    model.setTurns([
      toolCallTurn('search', { query: ['frontend javascript code coverage'] }),
      {
        text: `<think>\n${think}\n</think>\n<tool_call>\n${JSON.stringify({ name: 'visit', arguments: { url: [pageUrl], goal: 'coverage' } })}\n</tool_call>`,
        // About 13 s, so the crash below lands while this turn streams on a slow machine too (at the
        // fixture's 20 ms a chunk it ends after 5 s, and a late crash then found the visit done).
        chunkDelayMs: 60,
      },
    ]);
    let panel = await b.openPage('extension/sidepanel/index.html');
    await panel.getByTestId('status-offscreen').and(panel.locator('[data-state=ok]')).waitFor();
    await writeSettings(panel, fx.settings);
    await panel.getByTestId('question').fill('Which coverage library works with Mocha?');
    await panel.getByTestId('start').click();
    // Crash while the second turn streams: the search step is saved, the second is not finished.
    await expect
      .poll(() => model.requests.filter((r) => r.path.endsWith('/chat/completions')).length)
      .toBe(2);
    const [sessionId = ''] = await sessionIds(panel);
    await b.killOffscreen();
    await panel.close();

    model.setTurns([
      toolCallTurn('visit', { url: [pageUrl], goal: 'Which coverage library works with Mocha?' }),
      answerTurn(PAGE_SENTENCE),
    ]);
    panel = await b.openPage('extension/sidepanel/index.html');
    // Opening the panel brings the engine host back; it marks the orphaned run as paused.
    await waitForSession(panel, sessionId, 'paused', 15_000);
    await panel.getByTestId('open-history').click();
    await panel.getByTestId('history-continue').first().click();
    await waitForSession(panel, sessionId, 'done');
    expect(String((await readSession(panel, sessionId))?.answer)).toContain('Blanket.js');
    const steps = (await readSteps(panel, sessionId)).map(
      (r) => (r.action as { action?: { kind: string } }).action?.kind ?? '?',
    );
    // The search was not repeated: the run continued after it.
    expect(steps).toEqual(['search', 'visit', 'answer']);
  });
});
