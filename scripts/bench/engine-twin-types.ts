/** What one engine-bench round is given and measures, shared by the native and wllama sides. */

export interface RoundConfig {
  modelPath: string;
  threads: number;
  batch: number;
  contextSize: number;
  /** Long prompts, timed to their first token (prefill). */
  prefillPrompts: string[];
  /** A short ChatML prompt for decode timing. */
  decodePrompt: string;
  decodeTokens: number;
  /** The research-format GBNF (src/llm/drvenus-grammar.ts). */
  grammar: string;
}

/** Times from the call; `firstMs` is the time to the first token. */
export interface TimedGeneration {
  promptTokens: number;
  tokens: number;
  firstMs: number;
  lastMs: number;
}

export interface RoundFigures {
  loadMs: number;
  prefill: TimedGeneration[];
  decode: TimedGeneration;
  decodeGrammar: TimedGeneration;
  peakRssMb: number;
}
