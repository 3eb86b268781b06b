import * as v from 'valibot';

/**
 * The context window a server actually runs with, where it says: vLLM and SGLang list
 * `max_model_len` per model in `/v1/models` (hosted routers `context_length`); llama.cpp's server
 * reports its loaded `n_ctx` in `/props` (its `/v1/models` only has the trained length). Ollama
 * and LM Studio's OpenAI API say nothing; then the user's setting stands.
 */

const positive = v.pipe(v.number(), v.integer(), v.minValue(1));

const ModelsSchema = v.looseObject({
  data: v.array(
    v.looseObject({
      id: v.string(),
      max_model_len: v.optional(positive),
      context_length: v.optional(positive),
    }),
  ),
});

const PropsSchema = v.looseObject({
  default_generation_settings: v.optional(v.looseObject({ n_ctx: v.optional(positive) })),
  n_ctx: v.optional(positive),
});

export type GetJson = (url: string) => Promise<unknown>;

export async function serverWindow(baseUrl: string, model: string, get: GetJson): Promise<number | null> {
  const models = v.safeParse(ModelsSchema, await get(`${baseUrl}/models`).catch(() => null));
  if (models.success) {
    const entry = models.output.data.find((m) => m.id === model);
    const n = entry?.max_model_len ?? entry?.context_length;
    if (n) return n;
  }
  // llama.cpp serves /props beside /v1, not under it.
  const root = baseUrl.replace(/\/v1$/, '');
  const props = v.safeParse(PropsSchema, await get(`${root}/props`).catch(() => null));
  if (!props.success) return null;
  return props.output.default_generation_settings?.n_ctx ?? props.output.n_ctx ?? null;
}
