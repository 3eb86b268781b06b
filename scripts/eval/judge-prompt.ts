/**
 * The LLM judge in the BrowseComp grader's style: the judge reads the question, the agent's
 * response and the correct answer, names the final answer it finds in the response, reasons only
 * about whether that agrees with the correct answer, and ends with `correct: yes|no` and a
 * confidence. The wording is our own.
 */

export interface JudgeInput {
  question: string;
  response: string;
  correctAnswer: string;
}

export function buildJudgePrompt(input: JudgeInput): string {
  return [
    'You are grading an answer to a research question. Decide whether the response below gives the',
    'correct answer, using only the correct answer provided.',
    '',
    `[question]: ${input.question}`,
    '',
    `[response]: ${input.response}`,
    '',
    `[correct_answer]: ${input.correctAnswer}`,
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
