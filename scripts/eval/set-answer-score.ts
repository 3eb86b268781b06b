import * as v from 'valibot';

/**
 * DeepSearchQA's set-answer metric. The grader model marks, for each item of the gold answer,
 * whether the response gives it, and lists the items the response gives beyond the gold ones
 * ("excessive"). Per question: true positives are the gold items found, false negatives the gold
 * items missed, false positives the excessive items; precision TP/(TP+FP), recall TP/(TP+FN), F1
 * their harmonic mean (each 0 when its denominator is). The question's outcome is one of four:
 * fully correct (every gold item, nothing more), correct with excessive answers (every gold item
 * and more), partially correct (some gold items), fully incorrect (none). The headline figure is the
 * share of fully correct questions; precision, recall and F1 are means over questions.
 */

export type SetOutcome = 'fully-correct' | 'correct-with-excessive' | 'partially-correct' | 'fully-incorrect';

export interface SetGrading {
  /** Each gold item and whether the response gives it. */
  found: Record<string, boolean>;
  /** Items the response gives that are not in the gold answer. */
  excessive: string[];
}

export interface SetScore {
  precision: number;
  recall: number;
  f1: number;
  outcome: SetOutcome;
}

export function scoreSetAnswer(g: SetGrading): SetScore {
  const marks = Object.values(g.found);
  const tp = marks.filter(Boolean).length;
  const fn = marks.length - tp;
  const fp = g.excessive.length;
  const precision = tp + fp > 0 ? tp / (tp + fp) : 0;
  const recall = tp + fn > 0 ? tp / (tp + fn) : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  // A grading with no gold items counts as having found them all (nothing was missed).
  const allFound = fn === 0;
  const outcome: SetOutcome = allFound
    ? fp === 0
      ? 'fully-correct'
      : 'correct-with-excessive'
    : tp > 0
      ? 'partially-correct'
      : 'fully-incorrect';
  return { precision, recall, f1, outcome };
}

const Grading = v.object({
  'Answer Correctness': v.looseObject({
    'Correctness Details': v.record(v.string(), v.boolean()),
    'Excessive Answers': v.optional(v.array(v.string()), []),
  }),
});

/**
 * The grader's reply (a JSON object, possibly in a ```json fence or after a thinking block) with
 * "Answer Correctness" → "Correctness Details" (item → boolean) and "Excessive Answers" (strings);
 * null when it is not that shape (the attempt is then unrated, not wrong).
 */
export function parseSetGrading(reply: string): SetGrading | null {
  let text = reply.replace(/<think>[\s\S]*?<\/think>/g, '');
  const fence = /```(?:json)?\s*([\s\S]*?)```/.exec(text);
  if (fence?.[1]) text = fence[1];
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  let json: unknown;
  try {
    json = JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
  const r = v.safeParse(Grading, json);
  if (!r.success) return null;
  const node = r.output['Answer Correctness'];
  return { found: node['Correctness Details'], excessive: node['Excessive Answers'] };
}

export interface SetSummary {
  /** Attempts with a grading (the rest had an empty answer or an unreadable grader reply). */
  rated: number;
  fullyCorrect: number | null;
  correctWithExcessive: number | null;
  partiallyCorrect: number | null;
  fullyIncorrect: number | null;
  precision: number | null;
  recall: number | null;
  f1: number | null;
}

/** Shares of each outcome and the mean precision, recall and F1 over rated attempts. */
export function summariseSetScores(scores: readonly SetScore[]): SetSummary {
  const n = scores.length;
  const share = (o: SetOutcome) => (n ? scores.filter((s) => s.outcome === o).length / n : null);
  const mean = (f: (s: SetScore) => number) => (n ? scores.reduce((a, s) => a + f(s), 0) / n : null);
  return {
    rated: n,
    fullyCorrect: share('fully-correct'),
    correctWithExcessive: share('correct-with-excessive'),
    partiallyCorrect: share('partially-correct'),
    fullyIncorrect: share('fully-incorrect'),
    precision: mean((s) => s.precision),
    recall: mean((s) => s.recall),
    f1: mean((s) => s.f1),
  };
}

/**
 * The grader's prompt for a set-answer question (Sleuth's wording of the published rubric): mark
 * each gold item found or not, then list what the response adds, as JSON in the keys
 * parseSetGrading reads.
 */
export function setGraderPrompt(c: { question: string; gold: string; response: string }): string {
  return [
    'Grade an AI response to a question whose correct answer is a set of items.',
    '',
    'First, for each item of the correct answer, decide whether the response gives it (the wording',
    'may differ; order does not matter unless the question asks for one). Then list every item the',
    'response gives as part of its answer that is not in the correct answer.',
    '',
    'Reply with JSON only, in this shape:',
    '{"Answer Correctness": {"Explanation": "<one or two sentences>", "Correctness Details": {"<correct item>": true or false, ...}, "Excessive Answers": ["<extra item>", ...]}}',
    'Use one key in "Correctness Details" per item of the correct answer, and [] when nothing is extra.',
    '',
    `<question>\n${c.question}\n</question>`,
    `<correct_answer>\n${c.gold}\n</correct_answer>`,
    `<response>\n${c.response}\n</response>`,
  ].join('\n');
}
