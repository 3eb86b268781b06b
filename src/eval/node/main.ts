import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseTrajectory, replayEngine, replayTools } from '../../agent/replay';
import type { Trajectory } from '../../export/trajectory';
import type { ChatEngine } from '../../llm/engine';
import { OpenAiEngine } from '../../llm/openai-engine';
import { DEFAULT_URL_POLICY } from '../../security/url-policy';
import type { AttemptSetup } from '../attempt';
import {
  configFromArgs,
  type EvalConfig,
  OPTION_TABLE,
  type RawArgs,
  type ServerSpec,
  USAGE,
} from '../cli-args';
import type { EvalItem } from '../dataset';
import { runHarness } from '../harness';
import { exactJudge, type Judge, llmJudge } from '../judge';
import { passAtKSvg } from '../pass-at-k-svg';
import { type Profile, resolveProfile } from '../profiles';
import { formatProgress, ProgressTracker, questionKey } from '../progress';
import { renderReport } from '../report';
import { attemptSeed, withBodyFields } from '../request-fields';
import { retryingEngine } from '../retrying-engine';
import { latestRows, type RunRow, rowKey } from '../run-row';
import { summarise } from '../summary';
import { buildSearch, evalToolsFactory } from './eval-tools';
import { loadData } from './load-data';
import { RunDir } from './run-dir';

/**
 * `npm run eval`: wires the harness (src/eval) to files, model servers, search providers and the
 * fetch reader. Progress goes to stderr; the last line of stdout is the summary JSON.
 * Exit status: 0 all attempts judged, 2 bad options or data, 3 some attempts failed, 130 stopped.
 */

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Redraw one progress line in place (a terminal) instead of printing a line per question. */
  isTTY: boolean;
  env: Record<string, string | undefined>;
  fetch: typeof fetch;
  signal: AbortSignal;
  now: () => number;
}

const EXIT = { ok: 0, usage: 2, failures: 3, stopped: 130 } as const;

function timestamp(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

async function checkServer(
  spec: ServerSpec,
  role: string,
  io: CliIo,
  timeoutMs: number,
): Promise<OpenAiEngine | string> {
  const engine = new OpenAiEngine({
    baseUrl: spec.url,
    ...(spec.apiKey ? { apiKey: spec.apiKey } : {}),
    fetch: io.fetch,
    firstByteTimeoutMs: timeoutMs,
  });
  await engine.load(spec.model);
  const probe = await engine.testConnection(io.signal);
  if (!probe.ok) return `${role}: ${probe.message} ${probe.hint}`.trim();
  if (probe.modelFound === false)
    return `${role}: ${spec.url} has no model "${spec.model}" (it has: ${probe.models.join(', ') || 'none'})`;
  return engine;
}

function trajectoryOf(item: EvalItem): ReturnType<typeof parseTrajectory> {
  if (!item.messages) return `question "${item.id}" has no recorded messages to replay`;
  return parseTrajectory({ messages: item.messages });
}

export async function runEvalCli(argv: string[], io: CliIo): Promise<number> {
  let values: RawArgs & { help?: boolean };
  try {
    values = parseArgs({ args: argv, options: OPTION_TABLE, strict: true, allowPositionals: false }).values;
  } catch (err) {
    io.stderr(`${err instanceof Error ? err.message : String(err)}\n${USAGE}\n`);
    return EXIT.usage;
  }
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return EXIT.ok;
  }
  const parsed = configFromArgs(values, io.env);
  if (!parsed.ok) {
    io.stderr(`${parsed.error}\n\n${USAGE}\n`);
    return EXIT.usage;
  }
  const config = parsed.value;
  const data = await loadData(config.data, { decrypt: config.decrypt });
  if (!data.ok) {
    io.stderr(`${config.data}: not run, fix these first:\n  ${data.errors.join('\n  ')}\n`);
    return EXIT.usage;
  }
  const items = config.limit ? data.items.slice(0, config.limit) : data.items;
  const trajectories = new Map<string, ReturnType<typeof parseTrajectory>>();
  if (config.replay) {
    const bad: string[] = [];
    for (const item of items) {
      const t = trajectoryOf(item);
      if (typeof t === 'string') bad.push(`${item.id}: ${t}`);
      trajectories.set(item.id, t);
    }
    if (bad.length) {
      io.stderr(`--replay needs recorded conversations:\n  ${bad.slice(0, 20).join('\n  ')}\n`);
      return EXIT.usage;
    }
  }
  const modelName = config.server?.model ?? 'replay';
  const profile = resolveProfile(config.profile, modelName);
  if (typeof profile === 'string') {
    io.stderr(`--profile: ${profile}\n`);
    return EXIT.usage;
  }
  const judgeLabel = config.judge.mode === 'exact' ? 'exact' : `llm:${config.judge.model}`;
  const out = config.out ?? join('eval-results', timestamp(io.now()));
  const dir = RunDir.open(out, {
    data: config.data,
    dataFingerprint: data.fingerprint,
    server: config.server?.url ?? '',
    model: modelName,
    profile: profile.name,
    judge: judgeLabel,
    replay: config.replay,
    seed: config.seed,
  });
  if (typeof dir === 'string') {
    io.stderr(`--out: ${dir}\n`);
    return EXIT.usage;
  }

  const wiring = await wire(config, profile, io, trajectories);
  if (typeof wiring === 'string') {
    io.stderr(`${wiring}\n`);
    return EXIT.usage;
  }

  const earlier = dir.previous();
  if (earlier.skipped.length)
    io.stderr(`${dir.runsFile}: ignoring unreadable lines ${earlier.skipped.join(', ')}\n`);
  const latest = latestRows(earlier.rows);
  const questionKeys = config.windows.flatMap((window) =>
    items.map((item) => questionKey({ window, id: item.id })),
  );
  const planned = new Set(
    config.windows.flatMap((window) =>
      items.flatMap((item) =>
        Array.from({ length: config.attempts }, (_, i) => rowKey({ window, id: item.id, attempt: i + 1 })),
      ),
    ),
  );
  const tracker = new ProgressTracker(
    config.attempts,
    questionKeys,
    [...latest.values()].filter((r) => planned.has(rowKey(r))),
    io.now(),
  );
  const progress = progressPrinter(io, tracker, config.attempts);
  if (earlier.rows.length)
    io.stderr(`resuming ${out}: ${tracker.state.doneAttempts} attempts already done\n`);

  const end = await runHarness(
    {
      items,
      windows: config.windows,
      attempts: config.attempts,
      concurrency: config.concurrency,
      maxConsecutiveErrors: config.maxErrors,
      previous: latest,
    },
    {
      setupAttempt: wiring.setupAttempt,
      judge: wiring.judge,
      clock: io.now,
      record: (row: RunRow, trajectory: Trajectory | null) => {
        dir.append(row);
        if (trajectory) dir.writeTrajectory(row, trajectory);
        latest.set(rowKey(row), row);
      },
      onRow: (row) => {
        tracker.add(row);
        progress(row);
      },
    },
    io.signal,
  );
  progress(null);

  const rows = [...latest.values()].filter((r) => planned.has(rowKey(r)));
  const summary = summarise(
    items.map((i) => i.id),
    config.attempts,
    config.windows,
    rows,
  );
  dir.writeFile('summary.json', `${JSON.stringify(summary, null, 2)}\n`);
  dir.writeFile('pass-at-k.svg', passAtKSvg(summary.windows, config.attempts));
  dir.writeFile(
    'report.md',
    renderReport(
      summary,
      {
        model: modelName,
        data: config.data,
        judge: judgeLabel,
        profile: profile.name,
        startedAt: new Date(io.now()).toISOString(),
      },
      'pass-at-k.svg',
    ),
  );
  const failed = rows.filter((r) => r.correct === null).length;
  if (end === 'stopped') io.stderr(`stopped; rerun with --out ${out} to continue\n`);
  if (end === 'too-many-errors')
    io.stderr(
      `stopped after ${config.maxErrors} failed attempts in a row; rerun with --out ${out} to continue\n`,
    );
  else if (failed)
    io.stderr(
      `${failed} attempts failed (see "error" in ${dir.runsFile}); rerun with --out ${out} to retry them\n`,
    );
  io.stderr(`results in ${out}\n`);
  io.stdout(`${JSON.stringify(summary)}\n`);
  if (end === 'stopped') return EXIT.stopped;
  return failed || end === 'too-many-errors' ? EXIT.failures : EXIT.ok;
}

interface Wiring {
  setupAttempt(item: EvalItem, window: number, attempt: number): Promise<AttemptSetup>;
  judge: Judge;
}

async function wire(
  config: EvalConfig,
  profile: Profile,
  io: CliIo,
  trajectories: ReadonlyMap<string, ReturnType<typeof parseTrajectory>>,
): Promise<Wiring | string> {
  let judge: Judge = exactJudge();
  if (config.judge.mode === 'llm') {
    const engine = await checkServer(config.judge, 'judge server', io, config.firstByteTimeoutMs);
    if (typeof engine === 'string') return engine;
    judge = llmJudge(engine, config.retry);
  }
  const note = (what: string) => (err: unknown, retry: number, delay: number) =>
    io.stderr(
      `\n${what} failed (${err instanceof Error ? err.message : String(err)}); retry ${retry} in ${delay} ms\n`,
    );

  if (config.replay) {
    return {
      judge,
      async setupAttempt(item, window) {
        const t = trajectories.get(item.id);
        if (!t || typeof t === 'string') throw new Error(`question "${item.id}" cannot be replayed`);
        const engine = replayEngine(t, undefined, window);
        return {
          engine,
          tools: replayTools(t, engine),
          settings: {
            ...profile.settings,
            systemPrompt: t.systemPrompt,
            contextWindow: window,
            maxSteps: Math.max(config.maxSteps ?? 200, t.assistant.length + 1),
          },
        };
      },
    };
  }

  const model = config.server;
  if (!model) return '--server and --model are required';
  const probe = await checkServer(model, 'model server', io, config.firstByteTimeoutMs);
  if (typeof probe === 'string') return probe;
  let extractor: ChatEngine | undefined;
  if (config.extractor) {
    const e = await checkServer(config.extractor, 'extractor server', io, config.firstByteTimeoutMs);
    if (typeof e === 'string') return e;
    extractor = e;
  }
  const search = buildSearch(config.search, io.env, io.fetch);
  if (typeof search === 'string') return search;
  const tools = evalToolsFactory({
    search,
    policy: { ...DEFAULT_URL_POLICY, allowHttp: config.allowHttp, allowLoopback: config.allowLoopback },
    fetch: io.fetch,
    pageTimeoutMs: config.pageTimeoutMs,
    maxTabs: config.maxTabs,
    ...(extractor ? { extractor } : {}),
  });
  return {
    judge,
    async setupAttempt(item, window, attempt) {
      const engine = new OpenAiEngine({
        baseUrl: model.url,
        ...(model.apiKey ? { apiKey: model.apiKey } : {}),
        contextWindow: window,
        firstByteTimeoutMs: config.firstByteTimeoutMs,
        fetch:
          config.seed === null
            ? io.fetch
            : withBodyFields(io.fetch, { seed: attemptSeed(config.seed, attempt) }),
      });
      await engine.load(model.model);
      return {
        engine: retryingEngine(engine, config.retry, note('model request')),
        tools: tools(item.question, window),
        settings: {
          ...profile.settings,
          contextWindow: window,
          ...(config.maxSteps ? { maxSteps: config.maxSteps } : {}),
        },
      };
    },
  };
}

function progressPrinter(io: CliIo, tracker: ProgressTracker, attempts: number) {
  let last = 0;
  let drawn = false;
  return (row: RunRow | null) => {
    const now = io.now();
    const line = formatProgress(tracker.state, now);
    if (io.isTTY) {
      if (row && now - last < 200 && tracker.state.doneAttempts < tracker.state.totalAttempts) return;
      last = now;
      io.stderr(`\r\x1b[2K${line}${row ? '' : '\n'}`);
      drawn = true;
      return;
    }
    if (!row) {
      if (!drawn) io.stderr(`${line}\n`);
      return;
    }
    // Without a terminal: one line when a question's last attempt is done, and one per failure.
    if (row.attempt === attempts || row.error) {
      io.stderr(`${line}\n`);
      drawn = true;
    }
  };
}
