import * as v from 'valibot';
import { buildDrVenusGrammar as build, type DrVenusGrammarOptions } from '../llm/drvenus-grammar';
import type { ChatMessage } from '../llm/engine';
import type { TurnGrammar } from '../llm/grammar-engine';
import type { SettingsRepo } from '../store/settings-repo';

/** The settings-store key an e2e test writes ('test-sequence') to switch the grammar below on. */
export const TEST_GRAMMAR_KEY = 'e2e:grammar';

/**
 * The grammar e2e tests asked for, if any. Only the e2e build calls this (extension/shared/engine-rooms
 * behind `import.meta.env.MODE === 'e2e'`), so production builds neither read the key nor ship this file.
 */
export async function testGrammarFrom(
  settings: Pick<SettingsRepo, 'get'>,
): Promise<{ key: string; grammar: TurnGrammar } | undefined> {
  const on = await settings.get(TEST_GRAMMAR_KEY, v.literal('test-sequence'), null);
  return on ? { key: on, grammar: testSequenceGrammar } : undefined;
}

/**
 * Test seam, for the e2e build only. It walks a fixed search → visit (a URL from
 * the results) → answer path, which lets the random-weight test model do a whole research run
 * through the real wllama runtime. It recognises the agent's forced final turn by its wording,
 * which is why it is no setting a user could pick.
 *
 * The stage is read from what the conversation holds, not from how many assistant turns it has:
 * a fold drops or digests early turns, and counting would then repeat the search or the visit.
 */
/** The one search the test sequence makes. */
const TEST_QUERY = 'what does the first result say';

export const testSequenceGrammar: TurnGrammar = (messages, opened) => {
  const buildDrVenusGrammar = (o: DrVenusGrammarOptions = {}) => build({ ...o, opened });
  const replies = messages.filter((m) => m.role === 'assistant');
  // The agent's forced final turn ("Stop researching now") must be answerable.
  if (/Stop researching now/.test(messages[messages.length - 1]?.content ?? '')) {
    return buildDrVenusGrammar({ actions: ['answer'] });
  }
  // A fixed query: random characters can look like a code or key, which the query gate refuses
  // (as it should), and the run would then never reach its visit.
  if (replies.length === 0)
    return buildDrVenusGrammar({ actions: ['search'], queries: [TEST_QUERY], maxQueries: 1 });
  if (replies.some((m) => called(m, 'visit'))) return buildDrVenusGrammar({ actions: ['answer'] });
  const lastReply = replies[replies.length - 1];
  const urls = urlsIn(messages[messages.length - 1]?.content ?? '');
  if (lastReply && called(lastReply, 'search') && urls.length > 0)
    return buildDrVenusGrammar({ actions: ['visit'], urls });
  return buildDrVenusGrammar({ actions: ['answer'] });
};

const urlsIn = (text: string) => [...new Set(text.match(/https?:\/\/[^\s"'<>\\]+/g) ?? [])];

const called = (m: ChatMessage, tool: string) =>
  m.role === 'assistant' && new RegExp(`"name":\\s*"${tool}"`).test(m.content);
