/**
 * The LLM judge in the BrowseComp grader's style: the judge reads the question, the agent's
 * response and the correct answer, names the final answer it finds in the response, reasons only
 * about whether that agrees with the correct answer, and ends with `correct: yes|no` and a
 * confidence. The wording is our own; `--judge-prompt FILE` replaces it (e.g. with the reference
 * grader's text).
 */

export interface JudgeInput {
  question: string;
  response: string;
  correctAnswer: string;
}

/**
 * A judge prompt from a file (`--judge-prompt FILE`): any text holding the three placeholders
 * `{question}`, `{response}` and `{correct_answer}`, so a grader's published template can be pasted
 * as it is. The reply is read the same way: its `correct: yes|no` line decides.
 */
export interface JudgeTemplate {
  text: string;
}

export const JUDGE_PLACEHOLDERS = ['{question}', '{response}', '{correct_answer}'] as const;

/** The template, or what it lacks. */
export function parseJudgeTemplate(text: string): JudgeTemplate | string {
  const missing = JUDGE_PLACEHOLDERS.filter((p) => !text.includes(p));
  if (missing.length) return `the judge prompt has no ${missing.join(', ')} (it needs all three)`;
  return { text };
}

const DEFAULT_TEMPLATE = [
  'You are grading an answer to a research question. Decide whether the response below gives the',
  'correct answer, using only the correct answer provided.',
  '',
  '[question]: {question}',
  '',
  '[response]: {response}',
  '',
  '[correct_answer]: {correct_answer}',
  '',
  'Reply with exactly these four lines:',
  'extracted_final_answer: the final answer stated in the response, copied exactly; None if it states none.',
  'reasoning: why extracted_final_answer does or does not mean the same as [correct_answer]. Compare the two',
  'only: do not solve the question yourself and do not argue for a different answer. A number within a small',
  'margin of the correct one agrees; any other difference, ambiguity, or a different or extra candidate answer',
  'does not.',
  'correct: yes if extracted_final_answer means the same as [correct_answer], otherwise no.',
  'confidence: how sure the response itself is of its answer, from 0% to 100% (100% if it does not say).',
].join('\n');

/** Fills the placeholders in one pass, so a response that itself says "{question}" stays as written. */
export function buildJudgePrompt(input: JudgeInput, template?: JudgeTemplate): string {
  const values: Record<string, string> = {
    '{question}': input.question,
    '{response}': input.response,
    '{correct_answer}': input.correctAnswer,
  };
  return (template?.text ?? DEFAULT_TEMPLATE).replace(
    /\{question\}|\{response\}|\{correct_answer\}/g,
    (m) => values[m] ?? m,
  );
}

export interface JudgeVerdict {
  /** null when the reply has no `correct: yes|no` line (a malformed reply counts as incorrect). */
  verdict: 'yes' | 'no' | null;
  extracted: string | null;
  confidence: number | null;
}

/** Thinking judges write their reasoning first; only the text after it is the reply. */
function withoutThinking(text: string): string {
  const end = text.lastIndexOf('</think>');
  return end >= 0 ? text.slice(end + 8) : text.replace(/<think>[\s\S]*$/, '');
}

// Markdown decoration judges add around field names: **correct**: yes, - correct: *no*
const DECOR = '[\\s*_#>`-]*';

function field(text: string, name: string): string | null {
  const re = new RegExp(`^${DECOR}${name}${DECOR}:${DECOR}(.*)$`, 'im');
  const m = re.exec(text);
  return m?.[1] === undefined ? null : m[1].replace(/[*_`]+$/g, '').trim();
}

export function parseJudgeReply(raw: string): JudgeVerdict {
  const text = withoutThinking(raw);
  const correct = field(text, 'correct');
  const word = correct === null ? null : /^(yes|no)\b/i.exec(correct)?.[1]?.toLowerCase();
  const extracted = field(text, 'extracted_final_answer');
  const conf = field(text, 'confidence');
  const pct = conf === null ? null : /(\d+(?:\.\d+)?)/.exec(conf)?.[1];
  return {
    verdict: word === 'yes' || word === 'no' ? word : null,
    extracted: extracted || null,
    confidence: pct === undefined || pct === null ? null : Math.min(100, Number(pct)),
  };
}
