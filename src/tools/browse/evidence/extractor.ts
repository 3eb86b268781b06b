/**
 * Optional model-written evidence: a prompt for a separate extractor model (or a server engine) and
 * a lenient parser for its reply. A reply that does not parse yields null and the caller falls back
 * to ranked passages.
 */
import * as v from 'valibot';
import { DEFAULT_TEXTS, fillText } from '../../../profiles/prompt-texts';

export interface ExtractorOutput {
  rational: string;
  evidence: string;
  summary: string;
}

const Text = v.pipe(
  v.union([v.string(), v.array(v.string())]),
  v.transform((x) => (Array.isArray(x) ? x.join('\n') : x).trim()),
);

const Output = v.pipe(
  v.looseObject({
    rational: v.optional(Text),
    rationale: v.optional(Text),
    evidence: Text,
    summary: Text,
  }),
  v.check((o) => o.evidence.length > 0 || o.summary.length > 0, 'empty reply'),
);

/** The page content and goal framed for an extractor model with the built-in prompt text; asks for one JSON object. */
export function buildExtractorPrompt(pageMarkdown: string, goal: string): string {
  return fillText(DEFAULT_TEXTS.extractor, { page: pageMarkdown, goal });
}

function candidates(text: string): string[] {
  const out: string[] = [];
  const withoutThinking = text.replace(/<think>[\s\S]*?<\/think>/g, '');
  for (const m of withoutThinking.matchAll(/```(?:json|JSON)?\s*\n?([\s\S]*?)```/g)) if (m[1]) out.push(m[1]);
  const start = withoutThinking.indexOf('{');
  const end = withoutThinking.lastIndexOf('}');
  if (start >= 0 && end > start) out.push(withoutThinking.slice(start, end + 1));
  return out;
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Models often leave a trailing comma or raw newlines inside strings; repair those two.
    const repaired = text
      .replace(/,\s*([}\]])/g, '$1')
      .replace(/"(?:[^"\\]|\\.)*"/gs, (s) => s.replace(/\n/g, '\\n').replace(/\t/g, '\\t'));
    try {
      return JSON.parse(repaired);
    } catch {
      return undefined;
    }
  }
}

export function parseExtractorOutput(text: string): ExtractorOutput | null {
  for (const candidate of candidates(text)) {
    const parsed = v.safeParse(Output, tryJson(candidate.trim()));
    if (parsed.success) {
      const o = parsed.output;
      return { rational: o.rational ?? o.rationale ?? '', evidence: o.evidence, summary: o.summary };
    }
  }
  return null;
}
