import { buildDrVenusGrammar } from './drvenus-grammar';
import type { ChatEngine, ChatMessage } from './engine';

export type GrammarMode = 'off' | 'protocol' | 'test-sequence';

const urlsIn = (text: string) => [...new Set(text.match(/https?:\/\/[^\s"'<>\\]+/g) ?? [])];

/**
 * The grammar for the next turn. 'protocol' keeps every turn in the DR-Venus format; 'test-sequence'
 * walks a fixed search → visit (a URL from the results) → answer path, which lets a random-weight
 * test model do a whole research run through the real runtime.
 */
export function grammarFor(mode: GrammarMode, messages: readonly ChatMessage[]): string | undefined {
  if (mode === 'off') return undefined;
  if (mode === 'protocol') return buildDrVenusGrammar();
  const turns = messages.filter((m) => m.role === 'assistant').length;
  if (turns === 0) return buildDrVenusGrammar({ actions: ['search'], maxQueries: 1 });
  const last = messages[messages.length - 1]?.content ?? '';
  const urls = urlsIn(last);
  if (turns === 1 && urls.length > 0) return buildDrVenusGrammar({ actions: ['visit'], urls });
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
      const grammar = opts.grammar ?? grammarFor(mode, messages);
      return engine.chat(messages, { ...opts, ...(grammar ? { grammar } : {}) });
    },
  };
}
