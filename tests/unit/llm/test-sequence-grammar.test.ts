import { describe, expect, it } from 'vitest';
import { buildDrVenusGrammar } from '../../../src/llm/drvenus-grammar';
import type { ChatMessage } from '../../../src/llm/engine';
import {
  TEST_GRAMMAR_KEY,
  testGrammarFrom,
  testSequenceGrammar,
} from '../../../src/test-seams/test-sequence-grammar';
import { freshStore } from '../store/helpers';

const call = (name: string, args: unknown) =>
  `<think>\nx\n</think>\n<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;

describe('the e2e build’s test-sequence grammar', () => {
  it('walks search → visit (a URL from the results) → answer, and answers a forced turn', () => {
    const convo: ChatMessage[] = [
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'question' },
    ];
    // One fixed, plain query: random characters could look like a code the query gate refuses.
    expect(testSequenceGrammar(convo, false)).toBe(
      buildDrVenusGrammar({
        actions: ['search'],
        queries: ['what does the first result say'],
        maxQueries: 1,
      }),
    );
    convo.push(
      { role: 'assistant', content: call('search', { query: ['q'] }) },
      { role: 'user', content: '<tool_response>\n[{"url": "https://a.example/x"}]\n</tool_response>' },
    );
    expect(testSequenceGrammar(convo, false)).toBe(
      buildDrVenusGrammar({ actions: ['visit'], urls: ['https://a.example/x'] }),
    );
    convo.push(
      { role: 'assistant', content: call('visit', { url: ['https://a.example/x'], goal: 'g' }) },
      { role: 'user', content: '<tool_response>\nThe useful information…\n</tool_response>' },
    );
    const answer = buildDrVenusGrammar({ actions: ['answer'] });
    expect(testSequenceGrammar(convo, false)).toBe(answer);
    expect(
      testSequenceGrammar(
        [...convo.slice(0, 2), { role: 'user', content: 'Stop researching now and answer.' }],
        false,
      ),
    ).toBe(answer);
  });

  it('is on only when an e2e test wrote its key into the settings store', async () => {
    const store = await freshStore();
    expect(await testGrammarFrom(store.settings)).toBeUndefined();
    await store.settings.set(TEST_GRAMMAR_KEY, 'something else');
    expect(await testGrammarFrom(store.settings)).toBeUndefined();
    await store.settings.set(TEST_GRAMMAR_KEY, 'test-sequence');
    expect((await testGrammarFrom(store.settings))?.grammar).toBe(testSequenceGrammar);
  });
});
