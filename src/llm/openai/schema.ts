import * as v from 'valibot';

/** What we read from OpenAI-compatible responses; unknown fields pass through untouched. */

export const UsageSchema = v.looseObject({
  prompt_tokens: v.number(),
  completion_tokens: v.number(),
});

/** llama.cpp server extension: real prefill/decode timings, incl. prompt-cache hits. */
export const TimingsSchema = v.looseObject({
  prompt_n: v.optional(v.number()),
  prompt_per_second: v.optional(v.number()),
  predicted_per_second: v.optional(v.number()),
});

export const ChunkSchema = v.looseObject({
  choices: v.array(
    v.looseObject({
      delta: v.optional(
        v.looseObject({
          content: v.optional(v.nullable(v.string())),
          reasoning_content: v.optional(v.nullable(v.string())),
          reasoning: v.optional(v.nullable(v.string())),
        }),
      ),
      finish_reason: v.optional(v.nullable(v.string())),
    }),
  ),
  usage: v.optional(v.nullable(UsageSchema)),
  timings: v.optional(v.nullable(TimingsSchema)),
});
export type Chunk = v.InferOutput<typeof ChunkSchema>;

export const ModelListSchema = v.looseObject({
  data: v.array(v.looseObject({ id: v.string() })),
});

/** `{"error": {"message": …}}` (OpenAI), `{"error": "…"}` (Ollama) or `{"message": …}`. */
const ErrorBodySchema = v.looseObject({
  error: v.optional(v.union([v.string(), v.looseObject({ message: v.string() })])),
  message: v.optional(v.string()),
});

export function errorMessageFrom(body: string): string | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  const parsed = v.safeParse(ErrorBodySchema, json);
  if (!parsed.success) return null;
  const { error, message } = parsed.output;
  if (typeof error === 'string') return error;
  return error?.message ?? message ?? null;
}

/** Names the first problem valibot found, in words, for a 'bad-response' message. */
export function describeIssue(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  if (!issue) return 'unexpected shape';
  const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  return path ? `${path}: ${issue.message}` : issue.message;
}
