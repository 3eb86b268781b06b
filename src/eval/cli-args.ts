import { PROVIDER_IDS, type ProviderId } from '../tools/search/types';
import type { RetryPolicy } from './retry';

/** `npm run eval` options after parsing: validated, defaults filled in, every mistake named. */

export interface SearchSpec {
  id: ProviderId;
  baseUrl?: string;
}

export interface ServerSpec {
  url: string;
  model: string;
  apiKey?: string;
}

export interface EvalConfig {
  data: string;
  decrypt: boolean;
  replay: boolean;
  /** The model under test; null only with --replay. */
  server: ServerSpec | null;
  judge: { mode: 'exact' } | ({ mode: 'llm' } & ServerSpec);
  extractor: ServerSpec | null;
  attempts: number;
  concurrency: number;
  profile: string | undefined;
  windows: number[];
  maxSteps: number | undefined;
  limit: number | undefined;
  out: string | undefined;
  search: SearchSpec[];
  allowLoopback: boolean;
  allowHttp: boolean;
  seed: number | null;
  retry: RetryPolicy;
  maxErrors: number;
  firstByteTimeoutMs: number;
  pageTimeoutMs: number;
  maxTabs: number;
}

/** The raw values node:util parseArgs gives for our option table. */
export interface RawArgs {
  data?: string;
  server?: string;
  model?: string;
  'api-key'?: string;
  judge?: string;
  'judge-server'?: string;
  'judge-model'?: string;
  'judge-api-key'?: string;
  attempts?: string;
  concurrency?: string;
  profile?: string;
  window?: string[];
  'max-steps'?: string;
  limit?: string;
  out?: string;
  search?: string[];
  'extractor-server'?: string;
  'extractor-model'?: string;
  'extractor-api-key'?: string;
  'allow-loopback'?: boolean;
  'allow-http'?: boolean;
  replay?: boolean;
  decrypt?: boolean;
  seed?: string;
  'no-seed'?: boolean;
  retries?: string;
  'retry-delay'?: string;
  'max-errors'?: string;
  timeout?: string;
  'page-timeout'?: string;
  tabs?: string;
}

/** The extension's default context window (Settings.contextWindow). */
export const DEFAULT_WINDOW = 8192;
/** Replays run at DR-Venus's training length unless a window is asked for. */
export const DEFAULT_REPLAY_WINDOW = 131_072;
/** The extension's default search providers, used when no --search is given. */
export const DEFAULT_SEARCH: SearchSpec[] = [{ id: 'duckduckgo' }, { id: 'wikipedia' }];

export const OPTION_TABLE = {
  data: { type: 'string' },
  server: { type: 'string' },
  model: { type: 'string' },
  'api-key': { type: 'string' },
  judge: { type: 'string' },
  'judge-server': { type: 'string' },
  'judge-model': { type: 'string' },
  'judge-api-key': { type: 'string' },
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
  help: { type: 'boolean', short: 'h' },
} as const;

export const USAGE = `usage: npm run -s eval -- --data FILE --server URL --model NAME [options]

  --data FILE            JSONL questions ({"id","question","answer","lang"?}, DR-Venus SFT or RL rows),
                         a JSON file, a folder of DR-Venus trajectory files, or a CSV/XLSX table
  --decrypt              decrypt BrowseComp / BrowseComp-ZH tables (canary column) in memory
  --server URL           OpenAI-compatible base URL ending in /v1 (vLLM, llama.cpp, Ollama, ...)
  --model NAME           model name the server knows
  --api-key KEY          or SLEUTH_API_KEY
  --judge exact          normalised match of the gold answer (default without a judge server)
  --judge-server URL --judge-model NAME [--judge-api-key KEY | SLEUTH_JUDGE_API_KEY]
                         LLM judge in the BrowseComp grader style
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
  --allow-loopback       let the agent open 127.0.0.1 / localhost pages (local test sites)
  --allow-http           let the agent open plain http:// pages
  --replay               play each record's recorded model turns and tool results (no server needed)
  --seed N | --no-seed   sampling seed base: attempt k sends seed N+k (default 0)
  --retries N            tries after a failed model or judge request (default 4), with backoff from
  --retry-delay MS       (default 2000 ms, doubling)
  --max-errors N         stop after N failed attempts in a row (default 10)
  --timeout S            wait this long for a model server's first byte (default 300 s)
  --page-timeout S       page read timeout (default 15 s)
  --tabs N               pages read at once per attempt (default 3)`;

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

function int(raw: string | undefined, name: string, min: number, fallback: number): Parsed<number> {
  if (raw === undefined) return { ok: true, value: fallback };
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min)
    return { ok: false, error: `${name} needs a whole number of at least ${min}, got "${raw}"` };
  return { ok: true, value: n };
}

function httpUrl(raw: string, name: string): Parsed<string> {
  try {
    const u = new URL(raw);
    if (u.protocol === 'http:' || u.protocol === 'https:')
      return { ok: true, value: raw.replace(/\/+$/, '') };
  } catch {
    // reported below
  }
  return { ok: false, error: `${name} needs an http(s) URL, got "${raw}"` };
}

export function parseSearchSpec(raw: string): Parsed<SearchSpec> {
  const at = raw.indexOf('=');
  const id = (at < 0 ? raw : raw.slice(0, at)).trim().toLowerCase();
  const baseUrl = at < 0 ? undefined : raw.slice(at + 1).trim();
  if (!(PROVIDER_IDS as readonly string[]).includes(id))
    return { ok: false, error: `--search: unknown provider "${id}" (known: ${PROVIDER_IDS.join(', ')})` };
  if (baseUrl !== undefined) {
    const u = httpUrl(baseUrl, `--search ${id}=URL`);
    if (!u.ok) return u;
  }
  return { ok: true, value: { id: id as ProviderId, ...(baseUrl ? { baseUrl } : {}) } };
}

function server(
  urlRaw: string | undefined,
  model: string | undefined,
  apiKey: string | undefined,
  names: [string, string],
): Parsed<ServerSpec | null> {
  if (urlRaw === undefined && model === undefined) return { ok: true, value: null };
  if (urlRaw === undefined) return { ok: false, error: `${names[1]} needs ${names[0]} too` };
  if (!model?.trim()) return { ok: false, error: `${names[0]} needs ${names[1]} too` };
  const url = httpUrl(urlRaw, names[0]);
  if (!url.ok) return url;
  return { ok: true, value: { url: url.value, model: model.trim(), ...(apiKey ? { apiKey } : {}) } };
}

export function configFromArgs(a: RawArgs, env: Record<string, string | undefined>): Parsed<EvalConfig> {
  const errors: string[] = [];
  const take = <T>(p: Parsed<T>, fallback: T): T => {
    if (p.ok) return p.value;
    errors.push(p.error);
    return fallback;
  };
  if (!a.data) errors.push('--data FILE is required');
  const replay = a.replay === true;
  const model = take(
    server(a.server, a.model, a['api-key'] ?? env.SLEUTH_API_KEY, ['--server', '--model']),
    null,
  );
  if (!model && !replay) errors.push('--server URL and --model NAME are required (or --replay)');
  const judgeServer = take(
    server(a['judge-server'], a['judge-model'], a['judge-api-key'] ?? env.SLEUTH_JUDGE_API_KEY, [
      '--judge-server',
      '--judge-model',
    ]),
    null,
  );
  if (a.judge !== undefined && a.judge !== 'exact')
    errors.push(
      `--judge takes "exact" (an LLM judge is --judge-server URL --judge-model NAME), got "${a.judge}"`,
    );
  if (a.judge === 'exact' && judgeServer) errors.push('--judge exact and --judge-server exclude each other');
  const extractor = take(
    server(a['extractor-server'], a['extractor-model'], a['extractor-api-key'], [
      '--extractor-server',
      '--extractor-model',
    ]),
    null,
  );
  const windows = (a.window ?? []).map((w) => take(int(w, '--window', 2048, 0), 0));
  const search = (a.search ?? []).map((s) => take(parseSearchSpec(s), { id: 'duckduckgo' as ProviderId }));
  let seed: number | null = take(int(a.seed, '--seed', 0, 0), 0);
  if (a['no-seed']) {
    if (a.seed !== undefined) errors.push('--seed and --no-seed exclude each other');
    seed = null;
  }
  const config: EvalConfig = {
    data: a.data ?? '',
    decrypt: a.decrypt === true,
    replay,
    server: model,
    judge: judgeServer ? { mode: 'llm', ...judgeServer } : { mode: 'exact' },
    extractor,
    attempts: take(int(a.attempts, '--attempts', 1, 1), 1),
    concurrency: take(int(a.concurrency, '--concurrency', 1, 1), 1),
    profile: a.profile,
    windows: windows.length ? [...new Set(windows)] : [replay ? DEFAULT_REPLAY_WINDOW : DEFAULT_WINDOW],
    maxSteps: a['max-steps'] === undefined ? undefined : take(int(a['max-steps'], '--max-steps', 1, 1), 1),
    limit: a.limit === undefined ? undefined : take(int(a.limit, '--limit', 1, 1), 1),
    out: a.out,
    search: search.length ? search : DEFAULT_SEARCH,
    allowLoopback: a['allow-loopback'] === true,
    allowHttp: a['allow-http'] === true,
    seed,
    retry: {
      retries: take(int(a.retries, '--retries', 0, 4), 4),
      baseDelayMs: take(int(a['retry-delay'], '--retry-delay', 0, 2000), 2000),
      maxDelayMs: 30_000,
    },
    maxErrors: take(int(a['max-errors'], '--max-errors', 1, 10), 10),
    firstByteTimeoutMs: take(int(a.timeout, '--timeout', 1, 300), 300) * 1000,
    pageTimeoutMs: take(int(a['page-timeout'], '--page-timeout', 1, 15), 15) * 1000,
    maxTabs: take(int(a.tabs, '--tabs', 1, 3), 3),
  };
  return errors.length ? { ok: false, error: errors.join('\n') } : { ok: true, value: config };
}
