import * as v from 'valibot';

/**
 * Questions for `npm run eval`, one JSON object a line. Three shapes are read:
 * - Sleuth's own: `{"id", "question", "answer", "lang"?}`;
 * - a DR-Venus SFT trajectory: `{"question", "gt", "messages"?}` (the messages allow `--replay`);
 * - an RL row converted from parquet (verl style): `{"prompt": [{"role", "content"}], "reward_model":
 *   {"ground_truth"}}`, where the question is the first user message (else `prompt[0]`) and the
 *   ground truth is a string, a number, a list of accepted answers or `{"target": [...]}`.
 */

export interface EvalItem {
  id: string;
  question: string;
  answer: string;
  /** Other accepted answers (RL rows may list several). */
  aliases: string[];
  lang?: string;
  /** DeepSearchQA's "Set Answer" questions: the gold answer lists items, scored by set-answer-score.ts. */
  answerType?: 'set';
  /** A recorded DR-Venus conversation, for `--replay`. */
  messages?: Array<{ role: string; content: string }>;
}

const Text = v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'));
const Id = v.union([Text, v.pipe(v.number(), v.transform(String))]);
const AnswerValue = v.union([Text, v.pipe(v.number(), v.transform(String))]);
const Message = v.looseObject({ role: v.string(), content: v.string() });
const PromptMessage = v.looseObject({ role: v.optional(v.string()), content: v.string() });

const Native = v.looseObject({
  id: v.optional(Id),
  question: Text,
  answer: AnswerValue,
  lang: v.optional(v.string()),
  /** DeepSearchQA's column: "Single Answer" or "Set Answer". */
  answer_type: v.optional(v.string()),
});
const Sft = v.looseObject({
  id: v.optional(Id),
  question: Text,
  gt: AnswerValue,
  lang: v.optional(v.string()),
  messages: v.optional(v.array(Message)),
});
const Truth = v.union([
  AnswerValue,
  v.pipe(v.array(AnswerValue), v.minLength(1, 'lists no answer')),
  v.looseObject({ target: v.union([AnswerValue, v.pipe(v.array(AnswerValue), v.minLength(1))]) }),
]);
/** A row of GAIA's `metadata.jsonl`; a question with an attached file (`file_name`) is not text-only. */
const Gaia = v.looseObject({
  task_id: Id,
  Question: Text,
  'Final answer': AnswerValue,
  file_name: v.optional(v.string()),
});

const Rl = v.looseObject({
  id: v.optional(Id),
  prompt: v.pipe(v.array(PromptMessage), v.minLength(1, 'has no messages')),
  reward_model: v.looseObject({ ground_truth: Truth }),
  extra_info: v.optional(v.looseObject({ index: v.optional(Id) })),
});

function describe(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  if (!issue) return 'unexpected shape';
  const path = issue.path?.map((p) => String(p.key)).join('.');
  return path ? `${path} ${issue.message}` : issue.message;
}

function answersOf(truth: v.InferOutput<typeof Truth>): string[] {
  if (typeof truth === 'string') return [truth];
  if (Array.isArray(truth)) return truth;
  return typeof truth.target === 'string' ? [truth.target] : truth.target;
}

/** Records that are questions but not for this eval (GAIA's with an attached file). */
export const LEFT_OUT = Symbol('left out');

/** One parsed record, or why it is not a question; `fallbackId` names records without an id. */
export function itemFromJson(json: unknown, fallbackId: string): EvalItem | string | typeof LEFT_OUT {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return 'is not a JSON object';
  const rec = json as Record<string, unknown>;
  if ('task_id' in rec && 'Question' in rec) {
    const r = v.safeParse(Gaia, json);
    if (!r.success) return `is not a valid GAIA row: ${describe(r.issues)}`;
    if (r.output.file_name?.trim()) return LEFT_OUT;
    return {
      id: r.output.task_id,
      question: r.output.Question,
      answer: r.output['Final answer'],
      aliases: [],
    };
  }
  if ('prompt' in rec || 'reward_model' in rec) {
    const r = v.safeParse(Rl, json);
    if (!r.success) return `is not a valid RL row: ${describe(r.issues)}`;
    const user = r.output.prompt.find((m) => m.role === 'user') ?? r.output.prompt[0];
    const question = user?.content.trim() ?? '';
    if (!question) return 'is not a valid RL row: the question is empty';
    const [answer = '', ...aliases] = answersOf(r.output.reward_model.ground_truth);
    return { id: r.output.id ?? r.output.extra_info?.index ?? fallbackId, question, answer, aliases };
  }
  if ('gt' in rec) {
    const r = v.safeParse(Sft, json);
    if (!r.success) return `is not a valid trajectory record: ${describe(r.issues)}`;
    const o = r.output;
    return {
      id: o.id ?? fallbackId,
      question: o.question,
      answer: o.gt,
      aliases: [],
      ...(o.lang ? { lang: o.lang } : {}),
      ...(o.messages ? { messages: o.messages } : {}),
    };
  }
  const r = v.safeParse(Native, json);
  if (!r.success) return `is not a question: ${describe(r.issues)} (expected {"id", "question", "answer"})`;
  const o = r.output;
  return {
    id: o.id ?? fallbackId,
    question: o.question,
    answer: o.answer,
    aliases: [],
    ...(o.lang ? { lang: o.lang } : {}),
    ...(o.answer_type?.trim().toLowerCase() === 'set answer' ? { answerType: 'set' as const } : {}),
  };
}

export type DatasetParse = { ok: true; items: EvalItem[] } | { ok: false; errors: string[] };

const MAX_ERRORS = 20;

/** Reads records (already split out of their file) and checks them all before anything runs. */
export function parseRecords(
  records: ReadonlyArray<{ label: string; json: unknown; fallbackId?: string }>,
): DatasetParse {
  const errors: string[] = [];
  const items: EvalItem[] = [];
  const seen = new Map<string, string>();
  let leftOut = 0;
  records.forEach(({ label, json, fallbackId }, i) => {
    const item = itemFromJson(json, fallbackId ?? String(i + 1));
    if (item === LEFT_OUT) {
      leftOut++;
      return;
    }
    if (typeof item === 'string') {
      errors.push(`${label} ${item}`);
      return;
    }
    const first = seen.get(item.id);
    if (first !== undefined) errors.push(`${label} repeats the id "${item.id}" of ${first}`);
    seen.set(item.id, label);
    items.push(item);
  });
  if (items.length === 0 && errors.length === 0)
    errors.push(
      leftOut
        ? `the data file holds no text-only questions (${leftOut} need an attached file)`
        : 'the data file holds no questions',
    );
  if (errors.length > MAX_ERRORS) {
    const more = errors.length - MAX_ERRORS;
    errors.splice(MAX_ERRORS, errors.length, `… and ${more} more`);
  }
  return errors.length ? { ok: false, errors } : { ok: true, items };
}

/** JSONL text: one record a line; blank lines are skipped; errors name the line. */
export function parseJsonl(text: string, fileLabel = 'line'): DatasetParse {
  const records: Array<{ label: string; json: unknown; fallbackId: string }> = [];
  const errors: string[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    const label = `${fileLabel} ${i + 1}`;
    try {
      records.push({ label, json: JSON.parse(line), fallbackId: String(i + 1) });
    } catch (err) {
      errors.push(`${label} is not valid JSON (${err instanceof Error ? err.message : String(err)})`);
    }
  });
  if (errors.length > 0 && records.length === 0) return { ok: false, errors: errors.slice(0, MAX_ERRORS) };
  const parsed = parseRecords(records);
  if (errors.length === 0) return parsed;
  return { ok: false, errors: [...errors, ...(parsed.ok ? [] : parsed.errors)].slice(0, MAX_ERRORS + 1) };
}
