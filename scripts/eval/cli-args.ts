import { PROVIDER_IDS, type ProviderId } from '../../src/settings/provider-ids';
import { DEFAULT_SETTINGS } from '../../src/settings/schema';
import { DEFAULT_WINDOW } from './cli-options';
import { type ProfileChoices, profileChoicesFromArgs, type RawProfileArgs } from './cli-profile-args';
import type { RetryPolicy } from './retry';

export { DEFAULT_WINDOW };

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
  /** A judge prompt template file (`{question}`, `{response}`, `{correct_answer}`); built-in when absent. */
  judgePrompt: string | undefined;
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
  /** Open URLs the model wrote itself (the tools' 'public-runs'; eval runs hold no private text). */
  allowUnseenUrls: boolean;
  seed: number | null;
  retry: RetryPolicy;
  maxErrors: number;
  firstByteTimeoutMs: number;
  pageTimeoutMs: number;
  maxTabs: number;
  /** How pages are read: fetch + jsdom (no scripts) or headless Chromium with the content script. */
  reader: 'fetch' | 'chromium';
  /** Every profile choice, the extension's by default (cli-profile-args.ts). */
  choices: ProfileChoices;
}

/** The raw values node:util parseArgs gives for our option table. */
export interface RawArgs extends RawProfileArgs {
  paper?: boolean;
  data?: string;
  server?: string;
  model?: string;
  'api-key'?: string;
  judge?: string;
  'judge-server'?: string;
  'judge-model'?: string;
  'judge-api-key'?: string;
  'judge-prompt'?: string;
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
  'allow-unseen-urls'?: boolean;
  'refuse-unseen-urls'?: boolean;
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
  reader?: string;
}

/** Replays run at the window the reference serves DR-Venus with (262,144) unless one is asked for. */
export const DEFAULT_REPLAY_WINDOW = 262_144;
/** The extension's default search providers, used when no --search is given. */
export const DEFAULT_SEARCH: SearchSpec[] = DEFAULT_SETTINGS.searchProviders
  .filter((p) => p.enabled)
  .map((p) => ({ id: p.id }));

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

/**
 * `--paper`: the DR-Venus paper's setting as defaults (each still overridable): the dr-venus profile,
 * its 262,144-token window, 16 attempts (Pass@1 and Pass@16), Serper search, and URLs the model wrote
 * itself opened (the reference opens them: 9 of 76 SFT and 16 of 95 RL visits go to such URLs;
 * `--refuse-unseen-urls` measures the extension's default instead); an LLM judge is required.
 */
export function withPaperDefaults(a: RawArgs): RawArgs {
  if (!a.paper) return a;
  return {
    profile: 'dr-venus',
    window: ['262144'],
    attempts: '16',
    search: ['serper'],
    ...(a['refuse-unseen-urls'] ? {} : { 'allow-unseen-urls': true }),
    ...Object.fromEntries(Object.entries(a).filter(([, v]) => v !== undefined)),
  };
}

/** Options that cannot go together, or that need another one. */
function conflicts(a: RawArgs, config: EvalConfig): string[] {
  const out: string[] = [];
  if (a['allow-unseen-urls'] && a['refuse-unseen-urls'])
    out.push('--allow-unseen-urls and --refuse-unseen-urls exclude each other');
  if (a.reader !== undefined && a.reader !== 'fetch' && a.reader !== 'chromium')
    out.push(`--reader takes fetch or chromium, not "${a.reader}"`);
  if (config.choices.summary === 'extractor' && !config.extractor)
    out.push('--summary extractor needs --extractor-server and --extractor-model');
  if (config.choices.extractorPromptFile && config.choices.summary === 'passages')
    out.push('--extractor-prompt needs a model to write the evidence (--summary extractor or model)');
  return out;
}

export function configFromArgs(raw: RawArgs, env: Record<string, string | undefined>): Parsed<EvalConfig> {
  const a = withPaperDefaults(raw);
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
  if (a['judge-prompt'] !== undefined && !judgeServer) errors.push('--judge-prompt needs --judge-server');
  if (a.paper && !judgeServer)
    errors.push('--paper needs an LLM judge: --judge-server URL --judge-model NAME');
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
    judgePrompt: a['judge-prompt'],
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
    allowUnseenUrls: a['allow-unseen-urls'] === true,
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
    reader: a.reader === 'chromium' ? 'chromium' : 'fetch',
    choices: profileChoicesFromArgs(a, errors),
  };
  errors.push(...conflicts(a, config));
  return errors.length ? { ok: false, error: errors.join('\n') } : { ok: true, value: config };
}
