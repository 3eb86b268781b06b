import type { ChatEngine } from '../llm/engine';
import type { ReadPage } from './read-pages';
import type { SearchResult, VisitResult } from './step-result';
import type { CitedAnswer, ToolCall } from './types';

/** Everything the research loop needs from the outside world, passed in so it runs in Node and the browser. */

export interface ToolContext {
  signal: AbortSignal;
  question: string;
  /** Seq of the step whose call this is. */
  seq: number;
}

export interface AgentTools {
  search(queries: string[], opts: { signal: AbortSignal }): Promise<SearchResult[]>;
  visit(
    urls: string[],
    goal: string,
    opts: { signal: AbortSignal; question: string },
  ): Promise<VisitResult[]>;
  /**
   * Optional verbatim path (replay of recorded trajectories): when it returns a string, that string
   * is the observation body and search/visit are not called.
   */
  observe?(call: ToolCall, opts: ToolContext): Promise<string | null>;
}

export interface TokenCounter {
  count(text: string): number | Promise<number>;
}

/**
 * Ties each sentence of an answer to the pages that support it (src/citations/ is the one in use).
 * The loop hands over the pages read with the passages the model saw; a caller that kept the whole
 * pages (the runner does) checks the answer against those instead.
 */
export type CiteAnswer = (answer: string, pages: readonly ReadPage[]) => CitedAnswer;

export interface AgentDeps {
  engine: ChatEngine;
  tools: AgentTools;
  /** Given by the caller, so the loop knows nothing of how citations are found. */
  cite: CiteAnswer;
  /** Exact counts; without it the engine's countTokens, else a conservative estimate. */
  tokenizer?: TokenCounter;
  clock?: () => number;
  newId?: () => string;
}

/** Caller-side controls that take effect between steps. */
export interface ResearchControl {
  /** A user note appended to the next `<tool_response>` turn. */
  steer(note: string): void;
  /** Force the next model turn to be the final answer. */
  answerNow(): void;
  takeSteers(): string[];
  answerRequested(): boolean;
}

export function createControl(): ResearchControl {
  const notes: string[] = [];
  let answer = false;
  return {
    steer(note) {
      const text = note.trim();
      if (text) notes.push(text);
    },
    answerNow() {
      answer = true;
    },
    takeSteers() {
      return notes.splice(0, notes.length);
    },
    answerRequested() {
      return answer;
    },
  };
}
