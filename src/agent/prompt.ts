import { DEFAULT_TEXTS, fillText } from '../profiles/prompt-texts';

/**
 * The DR-Venus system prompt. Its wording is a prompt text (src/profiles/prompt-texts.ts); the `# Tools`
 * block follows the Qwen function-calling layout the model was trained on, since the model keys on it.
 */

const SEARCH_SCHEMA = {
  type: 'function',
  function: {
    name: 'search',
    description: 'Run web searches and return the top results for each query. Takes several queries at once.',
    parameters: {
      type: 'object',
      properties: {
        query: {
          type: 'array',
          items: { type: 'string', description: 'One search query.' },
          minItems: 1,
          description: 'The queries to search for.',
        },
      },
      required: ['query'],
    },
  },
};

const VISIT_SCHEMA = {
  type: 'function',
  function: {
    name: 'visit',
    description: 'Open web page(s) and return the evidence and a summary relevant to the goal.',
    parameters: {
      type: 'object',
      properties: {
        url: {
          type: 'array',
          items: { type: 'string' },
          description: 'The URL(s) to open: one URL or a list of URLs.',
        },
        goal: { type: 'string', description: 'What to look for on the page(s).' },
      },
      required: ['url', 'goal'],
    },
  },
};

/** Python-style `json.dumps` spacing (", " and ": "), as in the trained prompt. */
export function pyJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(pyJson).join(', ')}]`;
  const parts = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${pyJson(v)}`);
  return `{${parts.join(', ')}}`;
}

export function toolsBlock(): string {
  return [
    '# Tools',
    '',
    'You may call one or more functions to assist with the user query.',
    '',
    'You are provided with function signatures within <tools></tools> XML tags:',
    '<tools>',
    pyJson(SEARCH_SCHEMA),
    pyJson(VISIT_SCHEMA),
    '</tools>',
    '',
    'For each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:',
    '<tool_call>',
    '{"name": <function-name>, "arguments": <args-json-object>}',
    '</tool_call>',
  ].join('\n');
}

export function formatDate(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export interface PromptOptions {
  date: string;
  /** The system text with its `{tools}` and `{date}` placeholders; the built-in one when absent. */
  text?: string;
  /** Replaces `text` (the user's own prompt), placeholders filled the same way. */
  custom?: string;
}

const DATE_LINE = /^(Current date: )\d{4}-\d{2}-\d{2}$/m;

/**
 * The system prompt: `{tools}` becomes the tool list and `{date}` the date. A pasted prompt without
 * `{date}` that has its own "Current date: YYYY-MM-DD" line gets today's date there instead, so a
 * prompt copied from elsewhere does not pin the model to the day it was written.
 */
export function buildSystemPrompt(opts: PromptOptions): string {
  const text = opts.custom?.trim() ? opts.custom : (opts.text ?? DEFAULT_TEXTS.system);
  const filled = fillText(text, { tools: toolsBlock(), date: opts.date });
  if (text.includes('{date}')) return filled;
  return filled.replace(DATE_LINE, `$1${opts.date}`);
}
