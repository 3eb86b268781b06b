/** The option table node:util parseArgs reads, and the help text. */

import { DEFAULT_SETTINGS } from '../../src/settings/schema';
import { PROFILE_OPTION_TABLE, PROFILE_USAGE } from './cli-profile-args';

/** The extension's default context window. */
export const DEFAULT_WINDOW = DEFAULT_SETTINGS.contextWindow;

export const OPTION_TABLE = {
  data: { type: 'string' },
  server: { type: 'string' },
  model: { type: 'string' },
  'api-key': { type: 'string' },
  judge: { type: 'string' },
  'judge-server': { type: 'string' },
  'judge-model': { type: 'string' },
  'judge-api-key': { type: 'string' },
  'judge-prompt': { type: 'string' },
  attempts: { type: 'string' },
  concurrency: { type: 'string' },
  profile: { type: 'string' },
  window: { type: 'string', multiple: true },
  'max-steps': { type: 'string' },
  limit: { type: 'string' },
  out: { type: 'string' },
  search: { type: 'string', multiple: true },
  'extractor-server': { type: 'string' },
  'extractor-model': { type: 'string' },
  'extractor-api-key': { type: 'string' },
  'allow-loopback': { type: 'boolean' },
  'allow-http': { type: 'boolean' },
  'allow-unseen-urls': { type: 'boolean' },
  'refuse-unseen-urls': { type: 'boolean' },
  replay: { type: 'boolean' },
  decrypt: { type: 'boolean' },
  seed: { type: 'string' },
  'no-seed': { type: 'boolean' },
  retries: { type: 'string' },
  'retry-delay': { type: 'string' },
  'max-errors': { type: 'string' },
  timeout: { type: 'string' },
  'page-timeout': { type: 'string' },
  tabs: { type: 'string' },
  reader: { type: 'string' },
  paper: { type: 'boolean' },
  ...PROFILE_OPTION_TABLE,
  help: { type: 'boolean', short: 'h' },
} as const;

export const USAGE = `usage: npm run -s eval -- --data FILE --server URL --model NAME [options]

  --data FILE            JSONL questions ({"id","question","answer","lang"?}, DR-Venus SFT or RL rows),
                         a JSON file, a folder of DR-Venus trajectory files, or a CSV/XLSX table
                         (GAIA's metadata.jsonl, DeepSearchQA's DSQA-full.csv with set-answer scoring)
  --decrypt              decrypt BrowseComp / BrowseComp-ZH tables (canary column) in memory
  --server URL           OpenAI-compatible base URL ending in /v1 (vLLM, llama.cpp, Ollama, ...)
  --model NAME           model name the server knows
  --api-key KEY          or SLEUTH_API_KEY
  --judge exact          only an answer equal to the gold one after normalising (case, punctuation,
                         markdown, articles) is right (default without a judge server)
  --judge-server URL --judge-model NAME [--judge-api-key KEY | SLEUTH_JUDGE_API_KEY]
                         LLM judge in the BrowseComp grader style; only an exactly equal answer skips it
  --judge-prompt FILE    the judge's prompt template, with {question}, {response} and {correct_answer}
                         (e.g. the reference grader's text pasted into a file)
  --attempts K           attempts per question (default 1): Pass@1..K and Maj@K
  --concurrency N        questions in parallel (default 1)
  --profile NAME         general | dr-venus (default: dr-venus for DR-Venus model names, else general)
  --window N             context window in tokens (default ${DEFAULT_WINDOW}); repeat to run once per window
  --max-steps N          step limit (default: the profile's)
  --limit N              only the first N questions
  --out DIR              results folder (default eval-results/<timestamp>/); rerun with it to resume
  --search P[=URL]       search provider, repeat for failover: duckduckgo, wikipedia, searxng=URL, brave,
                         tavily, serper, google, jina (keys: BRAVE_API_KEY, TAVILY_API_KEY, SERPER_API_KEY,
                         GOOGLE_API_KEY + GOOGLE_CSE_ID, JINA_API_KEY); default: duckduckgo, wikipedia
  --extractor-server URL --extractor-model NAME [--extractor-api-key KEY]
                         a model that writes each page's evidence (default: passage ranking)
  --allow-loopback       let the agent open 127.0.0.1 pages (local test sites)
  --allow-http           let the agent open plain http:// pages
  --allow-unseen-urls    open URLs the model wrote itself (seen in no search result or page), as the
                         extension's public runs may; default: refused, as in the extension by default
  --refuse-unseen-urls   refuse them (with --paper, which opens them as the reference does)
  --paper                the DR-Venus paper's setting as defaults: --profile dr-venus --window 262144
                         --attempts 16 --search serper --allow-unseen-urls (an LLM judge is required)
  --replay               play each record's recorded model turns and tool results (no server needed)
  --seed N | --no-seed   sampling seed base (default 0): each request's seed is derived from N, the
                         attempt, the step and the re-sample, so a re-sample is a new draw
  --retries N            tries after a failed model or judge request (default 4), with backoff from
  --retry-delay MS       (default 2000 ms, doubling)
  --max-errors N         stop after N failed attempts in a row (default 10)
  --timeout S            wait this long for a model server's first byte (default 300 s)
  --page-timeout S       page read timeout (default 15 s)
  --tabs N               pages read at once per attempt (default 3)
  --reader fetch|chromium  how pages are read: fetch + jsdom, no scripts (default), or headless Chromium
                         with the extension's own content script, so script-built pages read as in a tab
                         (CHROME_PATH or /usr/bin/chromium)
${PROFILE_USAGE}`;
