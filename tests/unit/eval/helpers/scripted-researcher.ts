import { containsGold } from '../../../../scripts/eval/answer-match';
import type { ScriptedReply } from '../../../../scripts/lib/scripted-model-server';
import { requestSeed } from '../../../../src/agent/request-seed';
import type { DevQuestion } from './dev-set';

/**
 * A scripted model for the eval's end-to-end tests, served by scripts/lib/scripted-model-server.ts:
 * for each question it searches for the question, visits the dev set's source page among the
 * results, and answers. Whether the answer is right is decided by design per question and attempt
 * (the attempt is the request's sampling seed: the harness sends seed = attempt with --seed 0), and a
 * right answer is only given when the visit really brought back the gold answer as evidence.
 */

export type Outcome = 'right' | 'wrong';
export type Design = (q: DevQuestion, index: number, attempt: number) => Outcome;

export const WRONG_ANSWER = 'Zanzibar';

interface Msg {
  role: string;
  content: string;
}

const messagesOf = (body: Record<string, unknown>): Msg[] =>
  Array.isArray(body.messages)
    ? body.messages.filter(
        (m): m is Msg => typeof m === 'object' && m !== null && typeof (m as Msg).content === 'string',
      )
    : [];

const call = (name: string, args: unknown) =>
  `<think>\nNext I ${name === 'search' ? 'search the web' : 'read the page'}.\n</think>\n<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;
const answer = (text: string) => `<think>\nThe page says so.\n</think>\n<answer>${text}</answer>`;

/** Which attempt (1..8) sent this request, read back from its seed (base 0, first sample of the step). */
function attemptOfSeed(seed: unknown, step: number): number | null {
  for (let attempt = 1; attempt <= 8; attempt++)
    if (requestSeed({ base: 0, attempt }, step, 1) === seed) return attempt;
  return null;
}

export function scriptedResearcher(questions: readonly DevQuestion[], design: Design) {
  const byQuestion = new Map(questions.map((q, i) => [q.question, { q, i }]));
  return (body: Record<string, unknown>): ScriptedReply => {
    const messages = messagesOf(body);
    const entry = byQuestion.get(messages[1]?.content ?? '');
    const turn = messages.filter((m) => m.role === 'assistant').length;
    const attempt = attemptOfSeed(body.seed, turn);
    if (!entry || attempt === null) return answer('I was asked something unexpected.');
    const { q, i } = entry;
    const last = messages[messages.length - 1]?.content ?? '';
    if (turn === 0) return call('search', { query: [q.question] });
    if (turn === 1) {
      const url = /"url":\s*"([^"]+)"/g;
      const found = [...last.matchAll(url)]
        .map((m) => m[1] ?? '')
        .find((u) => u.includes(`/pages/${q.source}/`));
      if (!found) return answer(`${WRONG_ANSWER} (the search did not find the page)`);
      return call('visit', { url: [found], goal: q.question });
    }
    if (design(q, i, attempt) === 'right' && containsGold(last, q.answer)) return answer(q.answer);
    return answer(WRONG_ANSWER);
  };
}

/**
 * The design the end-to-end tests use, by question index mod 4, for attempts 1..3:
 * 0: right, right, right · 1: right, wrong, wrong · 2: wrong, right, right · 3: wrong, wrong, right.
 */
export const DESIGN: Design = (_q, i, attempt) => {
  const pattern: Record<number, Outcome[]> = {
    0: ['right', 'right', 'right'],
    1: ['right', 'wrong', 'wrong'],
    2: ['wrong', 'right', 'right'],
    3: ['wrong', 'wrong', 'right'],
  };
  return pattern[i % 4]?.[attempt - 1] ?? 'wrong';
};

/**
 * A scripted judge for the same design, reading the BrowseComp-style prompt: for questions with
 * index mod 4 = 3 it is lenient (accepts the wrong answer), for 1 it replies without a verdict line
 * (malformed: incorrect), otherwise it says no.
 */
export function scriptedJudge(questions: readonly DevQuestion[]) {
  const index = new Map(questions.map((q, i) => [q.question, i]));
  return (body: Record<string, unknown>): ScriptedReply => {
    const prompt = messagesOf(body)[0]?.content ?? '';
    const question = /^\[question\]: (.*)$/m.exec(prompt)?.[1] ?? '';
    const i = index.get(question);
    if (i === undefined) return 'correct: no';
    if (i % 4 === 1) return 'I cannot tell what the response means.';
    const yes = i % 4 === 3;
    return [
      `extracted_final_answer: ${WRONG_ANSWER}`,
      `reasoning: the response ${yes ? 'is close enough' : 'names a different thing'}.`,
      `correct: ${yes ? 'yes' : 'no'}`,
      'confidence: 80%',
    ].join('\n');
  };
}
