/**
 * The DR-Venus system prompt. The role and research instructions are our own words; the `# Tools`
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

const ROLE = [
  'You are a research assistant that investigates questions in depth, from everyday topics to specialised',
  'academic fields. Search widely, open and read the most promising pages rather than relying on search',
  'snippets, and **cross-check every key fact** against several independent, credible sources before you',
  'rely on it. Do not repeat a search or a visit you have already made; refine the query instead. When the',
  'evidence is sufficient, write a complete, accurate, well-organised and neutral answer, and put the whole',
  'final answer inside `<answer></answer>` tags.',
].join(' ');

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
  /** Replaces the built-in prompt entirely (the user's own prompt). */
  custom?: string;
}

export function buildSystemPrompt(opts: PromptOptions): string {
  if (opts.custom?.trim()) return opts.custom;
  return `${ROLE}\n\n${toolsBlock()}\n\nCurrent date: ${opts.date}\n`;
}
