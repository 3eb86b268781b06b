import { buildDrVenusGrammar } from './drvenus-grammar';
import type { ChatEngine, ChatMessage } from './engine';

/** The `grammar` setting: constrained decoding keeps every turn in the DR-Venus format. */
export type GrammarMode = 'off' | 'protocol';

/**
 * The grammar for the next turn, given the conversation so far; undefined leaves it unconstrained.
 * `opened`: a `<think>\n` generation prefix already opened the thinking the grammar would start with.
 */
export type TurnGrammar = (messages: readonly ChatMessage[], opened: boolean) => string | undefined;

export function grammarOfMode(mode: GrammarMode): TurnGrammar | null {
  return mode === 'protocol' ? (_messages, opened) => buildDrVenusGrammar({ opened }) : null;
}

/** Wraps an engine so each request carries the grammar its conversation calls for. */
export function withGrammar(engine: ChatEngine, grammarFor: TurnGrammar | null): ChatEngine {
  if (!grammarFor) return engine;
  return {
    load: (id, o) => engine.load(id, o),
    unload: () => engine.unload(),
    info: () => engine.info(),
    ...(engine.countTokens
      ? { countTokens: (t: string) => engine.countTokens?.(t) ?? Promise.resolve(0) }
      : {}),
    chat(messages, opts) {
      const grammar = opts.grammar ?? grammarFor(messages, opts.prefix?.startsWith('<think>') ?? false);
      return engine.chat(messages, { ...opts, ...(grammar ? { grammar } : {}) });
    },
  };
}
