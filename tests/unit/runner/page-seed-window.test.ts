import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../../scripts/lib/scripted-engine';
import { estimateTokens, MESSAGE_OVERHEAD, REPLY_PREFIX } from '../../../src/agent/budget';
import { resolveBudget, withDefaults } from '../../../src/agent/settings';
import type { VisitResult } from '../../../src/agent/step-result';
import { agentSettingsFrom } from '../../../src/runner/agent-settings';
import { createResearchRunner } from '../../../src/runner/runner';
import { DEFAULT_SETTINGS, type Settings } from '../../../src/settings/schema';
import { stepFromRecord } from '../../../src/store/step-codec';
import { freshStore } from '../store/helpers';

// An article of the length the panel review used (19,593 characters): headed sections of prose.
function article(chars: number): string {
  const blocks: string[] = [];
  for (let i = 1; blocks.join('\n\n').length < chars; i++) {
    if (i % 6 === 1) blocks.push(`## Section ${Math.ceil(i / 6)}`);
    blocks.push(
      `Paragraph ${i} explains how service level objectives keep a system honest. ` +
        `Engineers measure latency, traffic, errors and saturation for every request path ${i}. ` +
        'An error budget says how much unreliability the users will accept before work stops. ' +
        'Alerts fire on symptoms that users notice, not on every cause an operator can imagine.',
    );
  }
  const text = blocks.join('\n\n').slice(0, chars);
  return text
    .slice(0, text.lastIndexOf('.') + 1)
    .padEnd(chars, ' More.')
    .slice(0, chars);
}

const ARTICLE = article(19_593);
const URL = 'https://sre.example.org/monitoring';

async function seedFor(markdown: string, app: Partial<Settings>) {
  const store = await freshStore();
  const engine = new ScriptedEngine(['<think>\nok\n</think>\n<answer>A summary.</answer>']);
  let n = 0;
  const settings = { ...DEFAULT_SETTINGS, ...app };
  const runner = createResearchRunner({
    store,
    broadcast: () => {},
    loadSettings: async () => settings,
    engine: async () => engine,
    tools: () => ({ search: async () => [], visit: async () => [] }),
    modelProfile: async () => 'dr-venus',
    clock: () => 1_700_000_000_000 + n * 1000,
    newId: () => `id-${++n}`,
  });
  const question = 'Summarize this page and verify its main claims.';
  const { sessionId } = await runner.start({
    question,
    origin: 'page',
    page: { url: URL, title: 'Monitoring', markdown },
  });
  await runner.settled(sessionId);
  const [first] = (await store.steps.listForSession(sessionId)).map(stepFromRecord);
  const page = first?.result?.tool === 'visit' ? first.result.pages[0] : undefined;
  const request = engine.requests[0] ?? [];
  // What the loop's own estimate makes of the first request (no engine report corrects it yet).
  const sent = request.reduce((sum, m) => sum + estimateTokens(m.content) + MESSAGE_OVERHEAD, REPLY_PREFIX);
  const budget = resolveBudget(withDefaults(agentSettingsFrom(settings, 'dr-venus')), settings.contextWindow);
  return { page: page as VisitResult, observation: request.at(-1)?.content ?? '', sent, budget };
}

describe('"Research this page" gives the model the page', () => {
  it('whole, when a 19,593-character article fits the dr-venus window (16,384 tokens)', async () => {
    const { page, observation, sent, budget } = await seedFor(ARTICLE, { contextWindow: 16_384 });
    expect(page.evidence).toBe(ARTICLE);
    expect(page.cut).toBeUndefined();
    expect(observation).toContain(ARTICLE);
    expect(observation).toContain('The evidence above is the whole page.');
    expect(sent).toBeLessThanOrEqual(budget.promptBudget);
  });

  it('cut at a sentence end with a note, when the page is longer than the window holds', async () => {
    const long = article(60_000);
    const { page, observation, sent, budget } = await seedFor(long, { contextWindow: 8192 });
    const cut = page.cut;
    expect(cut?.total).toBe(60_000);
    // Far more than the 4,835 ranked characters it used to get, and as much as the window holds.
    expect(cut?.read).toBeGreaterThan(12_000);
    expect(sent).toBeLessThanOrEqual(budget.promptBudget);
    expect(budget.promptBudget - sent).toBeLessThan(200);
    expect(page.evidence).toBe(long.slice(0, cut?.read));
    expect(page.evidence).toMatch(/[.:\d]$/);
    expect(observation).toContain(
      `The page is too long for the context window: the evidence above is its first ${cut?.read} of 60000 characters.`,
    );
    expect(observation).toContain(`The rest, from "${long.slice(cut?.read).trim().slice(0, 30)}`);
  });

  it('whole when it fits the default window too, and then no note of a cut', async () => {
    const { page } = await seedFor(ARTICLE.slice(0, 9_000), { contextWindow: 8192 });
    expect(page.evidence).toBe(ARTICLE.slice(0, 9_000));
    expect(page.cut).toBeUndefined();
  });
});
