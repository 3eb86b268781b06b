import { describe, expect, it } from 'vitest';
import type { ChatEngine, ChatMessage, ChatOptions, ChatResult } from '../../../../src/llm/engine';
import { estimateTokens } from '../../../../src/llm/token-estimate';
import { PROFILES } from '../../../../src/profiles/profiles';
import { withTextOverrides } from '../../../../src/profiles/prompt-texts';
import {
  createModelEvidence,
  outputBudget,
  pageBudget,
} from '../../../../src/tools/agent-tools/model-evidence';
import { buildExtractorPrompt } from '../../../../src/tools/browse/evidence/extractor';

const signal = new AbortController().signal;
const rank = () => ({ evidence: 'ranked passage', summary: 'ranked summary' });
const JSON_REPLY =
  '```json\n{"rational": "section 2", "evidence": "The Moon is 384,400 km away.", "summary": "Average distance."}\n```';

/** An extractor server that answers from a list: a reply text, or a text cut at its token limit. */
function extractor(window: number, replies: Array<string | { cut: string } | Error>) {
  const requests: Array<{ prompt: string; opts: ChatOptions }> = [];
  const engine: ChatEngine = {
    load: async () => undefined,
    unload: async () => undefined,
    info: () => ({ kind: 'openai', modelId: 'x', loaded: true, contextWindow: window }),
    async chat(messages: readonly ChatMessage[], opts: ChatOptions): Promise<ChatResult> {
      requests.push({ prompt: messages[0]?.content ?? '', opts });
      const next = replies.shift();
      if (next instanceof Error) throw next;
      if (next === undefined) throw new Error('no reply scripted');
      const usage = { promptTokens: 1, completionTokens: 1 };
      if (typeof next === 'string') return { text: next, finishReason: 'stop', usage };
      return { text: next.cut, finishReason: 'length', usage };
    },
  };
  return { engine, requests };
}

const pageOf = (prompt: string) =>
  prompt.slice(prompt.indexOf('## Page\n') + 8, prompt.indexOf('\n\n## Goal'));

describe('model-written evidence', () => {
  it('reads as much of the page as the extractor window holds and leaves room for the whole reply', async () => {
    const x = extractor(8192, [JSON_REPLY]);
    const write = createModelEvidence({ engine: x.engine, rank, temperature: 0.7 });
    const out = await write('word '.repeat(20_000), 'distance', 'How far is the Moon?', signal);
    expect(out).toEqual({ evidence: 'The Moon is 384,400 km away.', summary: 'Average distance.' });
    const sent = x.requests[0];
    const page = pageOf(sent?.prompt ?? '');
    expect(page.endsWith('\n\n[…]')).toBe(true);
    expect(estimateTokens(page)).toBeLessThanOrEqual(pageBudget(8192) + 5);
    expect(estimateTokens(page)).toBeGreaterThan(pageBudget(8192) - 50);
    // The prompt, the page and the reply's room fit the window; the sampling is the profile's.
    expect(estimateTokens(sent?.prompt ?? '') + (sent?.opts.maxTokens ?? 0)).toBeLessThanOrEqual(8192);
    expect(sent?.opts).toMatchObject({ maxTokens: outputBudget(8192), temperature: 0.7 });
    expect(sent?.prompt).toContain('How far is the Moon?');
    // A bigger extractor reads more of the page.
    const big = extractor(131_072, [JSON_REPLY]);
    await createModelEvidence({ engine: big.engine, rank })('word '.repeat(200_000), 'g', 'q', signal);
    expect(pageOf(big.requests[0]?.prompt ?? '').length).toBeGreaterThan(page.length * 10);
  });

  it('asks once more on half the page when the reply was cut, and uses the second reply', async () => {
    const x = extractor(8192, [{ cut: '{"rational": "x", "evidence": "The Moon is' }, JSON_REPLY]);
    const out = await createModelEvidence({ engine: x.engine, rank })(
      'word '.repeat(20_000),
      'g',
      'q',
      signal,
    );
    expect(out.evidence).toBe('The Moon is 384,400 km away.');
    expect(out.note).toBeUndefined();
    const [first, second] = x.requests.map((r) => estimateTokens(pageOf(r.prompt)));
    expect(second).toBeLessThanOrEqual(Math.ceil((first ?? 0) / 2) + 5);
  });

  it('says in the step when ranked passages stand in: cut twice, unreadable twice, or a failing server', async () => {
    const cut = extractor(8192, [{ cut: '{"evidence": "a' }, { cut: '{"evidence": "b' }]);
    const cutOut = await createModelEvidence({ engine: cut.engine, rank })('page', 'g', 'q', signal);
    expect(cutOut).toMatchObject(rank());
    expect(cutOut.note).toContain(`cut off at ${outputBudget(8192)} tokens`);
    const garbage = extractor(8192, ['I think the page is nice.', 'Still no JSON.']);
    const garbageOut = await createModelEvidence({ engine: garbage.engine, rank })('page', 'g', 'q', signal);
    expect(garbageOut.note).toContain('not the JSON asked for');
    const failing = extractor(8192, [new Error('HTTP 500')]);
    const failed = await createModelEvidence({ engine: failing.engine, rank })('page', 'g', 'q', signal);
    expect(failed).toMatchObject(rank());
    expect(failed.note).toContain('HTTP 500');
    // A failing server is not asked again.
    expect(failing.requests).toHaveLength(1);
  });

  it("sends the profile's extractor text, or one pasted in Options, with the page and goal filled in", async () => {
    const pasted = extractor(8192, [JSON_REPLY]);
    const text = 'SUMMARISE for {goal}:\n{page}\nAnswer in JSON.';
    await createModelEvidence({ engine: pasted.engine, rank, prompt: text })(
      'The page.',
      'distance',
      'q',
      signal,
    );
    expect(pasted.requests[0]?.prompt).toBe(
      'SUMMARISE for distance\n(Research question: q):\nThe page.\nAnswer in JSON.',
    );
    // A pasted text that places no page still gets it, as a section of its own.
    const bare = extractor(8192, [JSON_REPLY]);
    await createModelEvidence({ engine: bare.engine, rank, prompt: 'Be brief.' })(
      'The page.',
      'g',
      'q',
      signal,
    );
    expect(bare.requests[0]?.prompt).toMatch(/^Be brief\.\n\n## Page\nThe page\.\n\n## Goal\ng/);
    // The profile's text is the built-in one.
    const builtIn = extractor(8192, [JSON_REPLY]);
    const prompt = withTextOverrides(PROFILES['dr-venus'].prompts, {}).extractor;
    await createModelEvidence({ engine: builtIn.engine, rank, prompt })('The page.', 'g', 'q', signal);
    expect(builtIn.requests[0]?.prompt).toBe(buildExtractorPrompt('The page.', 'g\n(Research question: q)'));
  });
});
