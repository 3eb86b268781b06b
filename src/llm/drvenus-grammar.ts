/**
 * GBNF grammars (llama.cpp syntax, used by wllama) that force one DR-Venus turn:
 * `<think>\n…\n</think>\n` then a search call, a visit call or `<answer>\n…\n</answer>`.
 *
 * Why a restricted character set: a random-weight test model samples arbitrary byte tokens, and
 * llama.cpp would happily emit half a UTF-8 sequence (wllama then fails to decode it). Limiting
 * free text to printable ASCII keeps every output valid UTF-8 and valid JSON without escapes.
 * Lengths are bounded so a model that never "wants" to stop still finishes in a few hundred tokens.
 */

export type DrVenusAction = 'search' | 'visit' | 'answer';

export interface DrVenusGrammarOptions {
  /** Which actions the turn may take; default all three. */
  actions?: readonly DrVenusAction[];
  /** When given, a visit must pick one of these URLs (exact strings). */
  urls?: readonly string[];
  /** When given, a search must use one of these queries (exact strings). */
  queries?: readonly string[];
  /** Upper bounds on free text, in characters. */
  maxThinkChars?: number;
  maxAnswerChars?: number;
  maxQueryChars?: number;
  /** Most queries in one search call (1..n); default 3. */
  maxQueries?: number;
  /** The prompt already opened the thinking (a `<think>\n` generation prefix): the turn continues it. */
  opened?: boolean;
}

/** A GBNF string literal: quotes, backslashes and line breaks escaped. */
function gbnfLiteral(text: string): string {
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t');
  return `"${escaped}"`;
}

/** A JSON string literal (what the model must emit) turned into a GBNF literal. */
function jsonStringLiteral(text: string): string {
  return gbnfLiteral(JSON.stringify(text));
}

export function buildDrVenusGrammar(opts: DrVenusGrammarOptions = {}): string {
  const actions = opts.actions ?? ['search', 'visit', 'answer'];
  if (actions.length === 0) throw new Error('buildDrVenusGrammar: at least one action is required');
  if (opts.urls && opts.urls.length === 0) throw new Error('buildDrVenusGrammar: urls is empty');
  if (opts.queries && opts.queries.length === 0) throw new Error('buildDrVenusGrammar: queries is empty');
  const maxThink = opts.maxThinkChars ?? 160;
  const maxAnswer = opts.maxAnswerChars ?? 200;
  const maxQuery = opts.maxQueryChars ?? 40;
  const maxQueries = Math.max(1, opts.maxQueries ?? 3);

  const rules: string[] = [
    `root ::= think (${actions.join(' | ')})`,
    // The first character is a letter so text never starts with whitespace the parser might trim.
    `think ::= ${opts.opened ? '' : '"<think>\\n" '}[a-zA-Z] text-char{0,${maxThink - 1}} "\\n</think>\\n"`,
    `text-char ::= [a-zA-Z0-9 .,;:!?'()/-]`,
    `json-char ::= [a-zA-Z0-9 .,;:!?'()/-]`,
  ];
  if (actions.includes('search')) {
    const query = opts.queries
      ? opts.queries.map(jsonStringLiteral).join(' | ')
      : `"\\"" [a-zA-Z0-9] json-char{0,${maxQuery - 1}} "\\""`;
    rules.push(
      `search ::= "<tool_call>\\n{\\"name\\": \\"search\\", \\"arguments\\": {\\"query\\": [" query (", " query){0,${maxQueries - 1}} "]}}\\n</tool_call>"`,
      `query ::= ${query}`,
    );
  }
  if (actions.includes('visit')) {
    const url = opts.urls
      ? opts.urls.map(jsonStringLiteral).join(' | ')
      : `"\\"https://" [a-z0-9] [a-z0-9.-]{0,30} "/" [a-zA-Z0-9/._-]{0,40} "\\""`;
    rules.push(
      `visit ::= "<tool_call>\\n{\\"name\\": \\"visit\\", \\"arguments\\": {\\"url\\": [" url "], \\"goal\\": " goal "}}\\n</tool_call>"`,
      `url ::= ${url}`,
      `goal ::= "\\"" [a-zA-Z] json-char{0,${maxQuery * 2 - 1}} "\\""`,
    );
  }
  if (actions.includes('answer')) {
    rules.push(`answer ::= "<answer>\\n" [a-zA-Z0-9] text-char{0,${maxAnswer - 1}} "\\n</answer>"`);
  }
  return `${rules.join('\n')}\n`;
}

/** The default grammar: any one well-formed DR-Venus turn. */
export const DRVENUS_TURN_GRAMMAR: string = buildDrVenusGrammar();
