import { buildDrVenusGrammar as build, type DrVenusGrammarOptions } from './drvenus-grammar';
import type { ChatEngine, ChatMessage } from './engine';

export type GrammarMode = 'off' | 'protocol' | 'test-sequence';

const urlsIn = (text: string) => [...new Set(text.match(/https?:\/\/[^\s"'<>\\]+/g) ?? [])];

const called = (m: ChatMessage, tool: string) =>
  m.role === 'assistant' && new RegExp(`"name":\\s*"${tool}"`).test(m.content);

/**
 * The grammar for the next turn. 'protocol' keeps every turn in the DR-Venus format; 'test-sequence'
 * walks a fixed search → visit (a URL from the results) → answer path, which lets a random-weight
 * test model do a whole research run through the real runtime.
 *
 * The stage is read from what the conversation holds, not from how many assistant turns it has:
 * a fold drops or digests early turns, and counting would then repeat the search or the visit.
 */
export function grammarFor(
  mode: GrammarMode,
  messages: readonly ChatMessage[],
  opened = false,
): string | undefined {
  if (mode === 'off') return undefined;
  const buildDrVenusGrammar = (o: DrVenusGrammarOptions = {}) => build({ ...o, opened });
  if (mode === 'protocol') return buildDrVenusGrammar();
  const replies = messages.filter((m) => m.role === 'assistant');
  // The agent's forced final turn ("Stop researching now") must be answerable.
  if (/Stop researching now/.test(messages[messages.length - 1]?.content ?? '')) {
    return buildDrVenusGrammar({ actions: ['answer'] });
  }
  if (replies.length === 0) return buildDrVenusGrammar({ actions: ['search'], maxQueries: 1 });
  if (replies.some((m) => called(m, 'visit'))) return buildDrVenusGrammar({ actions: ['answer'] });
  const lastReply = replies[replies.length - 1];
  const urls = urlsIn(messages[messages.length - 1]?.content ?? '');
  if (lastReply && called(lastReply, 'search') && urls.length > 0)
    return buildDrVenusGrammar({ actions: ['visit'], urls });
  return buildDrVenusGrammar({ actions: ['answer'] });
}

/** Wraps an engine so each request carries the grammar its conversation calls for. */
export function withGrammar(engine: ChatEngine, mode: GrammarMode): ChatEngine {
  if (mode === 'off') return engine;
  return {
    load: (id, o) => engine.load(id, o),
    unload: () => engine.unload(),
    info: () => engine.info(),
    ...(engine.countTokens
      ? { countTokens: (t: string) => engine.countTokens?.(t) ?? Promise.resolve(0) }
      : {}),
    chat(messages, opts) {
      // A `<think>\n` generation prefix already opened the thinking the grammar would start with.
      const grammar = opts.grammar ?? grammarFor(mode, messages, opts.prefix?.startsWith('<think>') ?? false);
      return engine.chat(messages, { ...opts, ...(grammar ? { grammar } : {}) });
    },
  };
}
