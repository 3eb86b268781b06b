import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Trajectory } from '../../../src/export/trajectory';
import { parseTrajectory } from '../../lib/replay';
import { configFromArgs, type RawArgs } from '../cli-args';
import { OPTION_TABLE, USAGE } from '../cli-options';
import type { EvalItem } from '../dataset';
import { runHarness } from '../harness';
import { passAtKSvg } from '../pass-at-k-svg';
import { resolveProfile } from '../profiles';
import { ProgressTracker, questionKey } from '../progress';
import { renderReport } from '../report';
import { latestRows, type RunRow, rowKey } from '../run-row';
import { summarise } from '../summary';
import type { CliIo } from './cli-io';
import { loadData } from './load-data';
import { optionsRecord } from './options-record';
import { readProfileFiles } from './profile-files';
import { progressPrinter } from './progress-printer';
import { RunDir } from './run-dir';
import { wire } from './wiring';

/**
 * `npm run eval`: wires the harness ((scripts/eval)) to files, model servers, search providers and the
 * fetch reader. Progress goes to stderr; the last line of stdout is the summary JSON.
 * Exit status: 0 all attempts judged, 2 bad options or data, 3 some attempts failed, 130 stopped.
 */

export type { CliIo } from './cli-io';

const EXIT = { ok: 0, usage: 2, failures: 3, stopped: 130 } as const;

function timestamp(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

function trajectoryOf(item: EvalItem): ReturnType<typeof parseTrajectory> {
  if (!item.messages) return `question "${item.id}" has no recorded messages to replay`;
  return parseTrajectory({ messages: item.messages });
}

export async function runEvalCli(argv: string[], io: CliIo): Promise<number> {
  const startedAt = io.now();
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
  const files = readProfileFiles(config.choices);
  if (typeof files === 'string') {
    io.stderr(`${files}\n`);
    return EXIT.usage;
  }
  const profile = resolveProfile(config.profile, modelName, {
    choices: config.choices,
    ...(files.prompts ? { prompts: files.prompts } : {}),
  });
  if (typeof profile === 'string') {
    io.stderr(`--profile: ${profile}\n`);
    return EXIT.usage;
  }
  const judgeLabel = config.judge.mode === 'exact' ? 'exact' : `llm:${config.judge.model}`;
  const out = config.out ?? join('eval-results', timestamp(startedAt));
  const dir = RunDir.open(out, {
    data: config.data,
    dataFingerprint: data.fingerprint,
    server: config.server?.url ?? '',
    model: modelName,
    // The name and what it means now: a profile whose settings changed since is another setup.
    profile: `${profile.name}#${createHash('sha256')
      .update(JSON.stringify([profile.settings, profile.requestFields]))
      .digest('hex')
      .slice(0, 8)}`,
    judge: judgeLabel,
    replay: config.replay,
    seed: config.seed,
    // Every choice as this run made it (the profile hash above is what a resume compares).
    options: optionsRecord(config, profile),
  });
  if (typeof dir === 'string') {
    io.stderr(`--out: ${dir}\n`);
    return EXIT.usage;
  }

  const wiring = await wire(config, profile, io, trajectories, files);
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
  ).finally(() => wiring.close?.());
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
        startedAt: new Date(startedAt).toISOString(),
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
