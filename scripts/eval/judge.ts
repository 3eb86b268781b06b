import type { ChatEngine } from '../../src/llm/engine';
import { sameAnswer } from './answer-match';
import { buildJudgePrompt, type JudgeTemplate, parseJudgeReply } from './judge-prompt';
import { type RetryPolicy, withRetry } from './retry';
import { isTransientEngineError } from './retrying-engine';
import { parseSetGrading, type SetScore, scoreSetAnswer, setGraderPrompt } from './set-answer-score';

export interface Judgement {
  correct: boolean;
  /** The LLM judge's whole reply; null when no judge model was asked. */
  raw: string | null;
  /** How the verdict was reached. */
  by: 'exact' | 'exact-shortcut' | 'llm' | 'empty';
  /** A set-answer question graded item by item (DeepSearchQA); correct means fully correct. */
  set?: SetScore;
}

export interface JudgeCase {
  question: string;
  gold: string;
  /** Other accepted answers. */
  aliases?: readonly string[];
  prediction: string | null;
  /** The gold answer is a set of items (DeepSearchQA's "Set Answer"). */
  answerType?: 'set';
}

const goldsOf = (c: JudgeCase) => [c.gold, ...(c.aliases ?? [])];

export type Judge = (c: JudgeCase, signal: AbortSignal) => Promise<Judgement>;

/** A judge model that kept failing: the attempt is recorded as an error, not as wrong. */
export class JudgeFailure extends Error {
  override readonly name = 'JudgeFailure';
}

const isEmpty = (prediction: string | null) => prediction === null || prediction.trim() === '';

/** `--judge exact`: normalised equality with the gold answer or an alias; anything else is wrong. */
export function exactJudge(): Judge {
  return async (c) =>
    isEmpty(c.prediction)
      ? { correct: false, raw: null, by: 'empty' }
      : { correct: goldsOf(c).some((g) => sameAnswer(c.prediction, g)), raw: null, by: 'exact' };
}

export const JUDGE_TEMPERATURE = 0.1;

/**
 * An LLM judge (BrowseComp grader style) at temperature 0.1. An empty answer is incorrect without
 * asking; an answer equal to the gold one after normalising is correct without asking (the only
 * shortcut: one that merely contains the gold words is asked about like any other); a reply
 * without a `correct: yes|no` line is incorrect (its text is kept), unless it was cut off by the
 * token limit, which makes the judgement fail.
 */
export function llmJudge(
  engine: ChatEngine,
  policy: RetryPolicy,
  opts: { maxTokens?: number; template?: JudgeTemplate } = {},
): Judge {
  const maxTokens = opts.maxTokens ?? 4096;
  return async (c, signal) => {
    if (isEmpty(c.prediction)) return { correct: false, raw: null, by: 'empty' };
    const prediction = c.prediction ?? '';
    if (goldsOf(c).some((g) => sameAnswer(prediction, g)))
      return {
        correct: true,
        raw: null,
        by: 'exact-shortcut',
        ...(c.answerType === 'set'
          ? { set: scoreSetAnswer({ found: { [c.gold]: true }, excessive: [] }) }
          : {}),
      };
    const also = c.aliases?.length ? ` (also accepted: ${c.aliases.join('; ')})` : '';
    const prompt =
      c.answerType === 'set'
        ? setGraderPrompt({ question: c.question, gold: c.gold, response: prediction })
        : buildJudgePrompt(
            { question: c.question, response: prediction, correctAnswer: `${c.gold}${also}` },
            opts.template,
          );
    let text: string;
    let cut = false;
    try {
      const reply = await withRetry(
        () =>
          engine.chat([{ role: 'user', content: prompt }], {
            maxTokens,
            temperature: JUDGE_TEMPERATURE,
            signal,
          }),
        { policy, retryable: isTransientEngineError, signal },
      );
      text = reply.text;
      cut = reply.finishReason === 'length';
    } catch (err) {
      if (signal.aborted) throw err;
      const why = err instanceof Error ? err.message : String(err);
      throw new JudgeFailure(`The judge model failed: ${why}`);
    }
    if (c.answerType === 'set') {
      const grading = parseSetGrading(text);
      if (grading === null && cut)
        throw new JudgeFailure(`The grader's reply was cut off at ${maxTokens} tokens before its JSON.`);
      // An unreadable grading is wrong and unrated (left out of the set figures), its text kept.
      if (grading === null) return { correct: false, raw: text, by: 'llm' };
      const set = scoreSetAnswer(grading);
      return { correct: set.outcome === 'fully-correct', raw: text, by: 'llm', set };
    }
    const verdict = parseJudgeReply(text).verdict;
    // A reply cut off before its verdict says nothing about the answer: not wrong, failed.
    if (verdict === null && cut)
      throw new JudgeFailure(`The judge's reply was cut off at ${maxTokens} tokens before its verdict.`);
    return { correct: verdict === 'yes', raw: text, by: 'llm' };
  };
}
