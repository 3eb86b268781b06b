import * as v from 'valibot';
import { PROMPT_TEXT_KEYS, type PromptTexts } from '../../../src/profiles/prompt-texts';
import type { ProfileChoices } from '../cli-profile-args';
import { readTextFile } from './cli-io';

/**
 * The prompt-text files a run names: `--prompts FILE` (JSON, any of the profile's text keys),
 * `--system-prompt FILE` (the whole system prompt as text) and `--extractor-prompt FILE` (a
 * template with `{page}` and `{goal}`), so a user can paste the texts a model was trained with.
 */

const Opt = v.optional(v.pipe(v.string(), v.minLength(1)));
const Texts = v.strictObject({
  system: Opt,
  formatError: Opt,
  forceAnswer: Opt,
  contextLimit: Opt,
  pageFailedEvidence: Opt,
  pageFailedSummary: Opt,
  duplicate: Opt,
  dropped: Opt,
  extractor: Opt,
} satisfies Record<keyof PromptTexts, typeof Opt>);

export interface ProfileFiles {
  prompts?: Partial<PromptTexts>;
  /** The extractor's prompt text, with `{page}` and `{goal}`. */
  extractorPrompt?: string;
}

/** A pasted extractor prompt must place the page and the goal itself (the extension appends them). */
function extractorTemplate(text: string): { text: string } | string {
  const missing = ['{page}', '{goal}'].filter((p) => !text.includes(p));
  if (missing.length) return `has no ${missing.join(', ')} (it needs both)`;
  return { text };
}

export function readProfileFiles(c: ProfileChoices): ProfileFiles | string {
  const out: ProfileFiles = {};
  if (c.promptsFile) {
    const t = readTextFile(c.promptsFile, '--prompts');
    if (!t.ok) return t.error;
    let json: unknown;
    try {
      json = JSON.parse(t.text);
    } catch (err) {
      return `--prompts ${c.promptsFile} is not JSON (${err instanceof Error ? err.message : String(err)})`;
    }
    const r = v.safeParse(Texts, json);
    if (!r.success) {
      const issue = r.issues[0];
      const key = issue?.path?.map((p) => String(p.key)).join('.') ?? '';
      return `--prompts ${c.promptsFile}: ${key ? `"${key}" ` : ''}${issue?.message ?? 'unexpected shape'} (keys: ${PROMPT_TEXT_KEYS.join(', ')})`;
    }
    out.prompts = Object.fromEntries(Object.entries(r.output).filter(([, x]) => x !== undefined));
  }
  if (c.systemPromptFile) {
    const t = readTextFile(c.systemPromptFile, '--system-prompt');
    if (!t.ok) return t.error;
    out.prompts = { ...out.prompts, system: t.text };
  }
  if (c.extractorPromptFile) {
    const t = readTextFile(c.extractorPromptFile, '--extractor-prompt');
    if (!t.ok) return t.error;
    const template = extractorTemplate(t.text);
    if (typeof template === 'string') return `--extractor-prompt ${c.extractorPromptFile} ${template}`;
    out.extractorPrompt = template.text;
  }
  return out;
}
