/**
 * Agent figures over the DR-Venus fixture trajectories:
 * - overhead: the loop's own CPU time with a zero-latency scripted engine, as a fraction of the time
 *   a 40 tokens/s engine would take to generate the same turns (target < 1%);
 * - prefill ratio at 8K/16K/32K windows: tokens prefilled ÷ the minimum (every token the model did
 *   not generate, counted once), beside a naive loop that rebuilds and re-sends its history each turn;
 *   `prefill` folds with the compact digests, `prefillTrainedDigests` with the formats DR-Venus was
 *   trained on (the default), which are larger.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MESSAGE_OVERHEAD, REPLY_PREFIX } from '../../src/agent/budget';
import type { DigestStyle } from '../../src/agent/digest';
import { toolResponseTurn } from '../../src/agent/observation-format';
import { resolveBudget, withDefaults } from '../../src/agent/settings';
import { createQwenCounter } from '../lib/qwen-counter';
import { parseTrajectory, replayTrajectory, type Trajectory } from '../lib/replay';
import { round } from './lib/stats';

const DECODE_TOKENS_PER_SECOND = 40;
const BUDGETS = [8192, 16384, 32768];

function fixtureFiles(): string[] {
  const shared = fileURLToPath(new URL('../../../shared/fixtures/drvenus/sft/', import.meta.url));
  if (existsSync(shared))
    return readdirSync(shared)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => shared + f);
  return [fileURLToPath(new URL('../../tests/fixtures/drvenus/0000.json', import.meta.url))];
}

function load(file: string): Trajectory {
  const t = parseTrajectory(JSON.parse(readFileSync(file, 'utf8')));
  if (typeof t === 'string') throw new Error(`${file}: ${t}`);
  return t;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

export async function run(): Promise<Record<string, unknown>> {
  const counter = createQwenCounter();
  const count = (s: string) => Number(counter.count(s));
  count('warm up the vocabulary');
  const trajectories = fixtureFiles().map(load);

  // Overhead: CPU time of the loop (its own token counting included) against simulated decode time.
  const overheads: number[] = [];
  let cpuMs = 0;
  let simulatedMs = 0;
  for (const t of trajectories) {
    const started = process.cpuUsage();
    const { result } = await replayTrajectory(t, { tokenizer: createQwenCounterShared(count) });
    const used = process.cpuUsage(started);
    const loopMs = (used.user + used.system) / 1000;
    const completion = t.assistant.reduce((sum, turn) => sum + count(turn), 0);
    const engineMs = (completion / DECODE_TOKENS_PER_SECOND) * 1000;
    if (result.status !== 'answered') throw new Error('replay did not reach the recorded answer');
    overheads.push(loopMs / engineMs);
    cpuMs += loopMs;
    simulatedMs += engineMs;
  }

  const prefill = await prefillFigures(trajectories, count, 'compact');
  const prefillTrainedDigests = await prefillFigures(trajectories, count, 'trained');
  return {
    trajectories: trajectories.length,
    overheadFraction: round(cpuMs / simulatedMs, 6),
    overheadWorstRun: round(Math.max(...overheads), 6),
    loopCpuMs: Math.round(cpuMs),
    simulatedEngineMs: Math.round(simulatedMs),
    prefill,
    prefillTrainedDigests,
  };
}

async function prefillFigures(
  trajectories: Trajectory[],
  count: (s: string) => number,
  digestStyle: DigestStyle,
): Promise<Record<string, unknown>> {
  const prefill: Record<string, unknown> = {};
  for (const window of BUDGETS) {
    const ours: number[] = [];
    const naive: number[] = [];
    let folds = 0;
    let peak = 0;
    for (const t of trajectories) {
      const minimum = minimumPrefill(t, count);
      const { summary } = await replayTrajectory(t, {
        tokenizer: createQwenCounterShared(count),
        budget: window,
        settings: { digestStyle },
      });
      ours.push(summary.prefillTokens / minimum);
      naive.push(naivePrefill(t, count, window) / minimum);
      folds += summary.folds;
      peak = Math.max(peak, summary.peakContextTokens);
    }
    prefill[`${window / 1024}K`] = {
      prefillOverMinimum: round(mean(ours), 4),
      worst: round(Math.max(...ours), 4),
      naivePrefillOverMinimum: round(mean(naive), 4),
      foldsPerRun: round(folds / trajectories.length, 2),
      peakContextTokens: peak,
    };
  }
  return prefill;
}

/** One cached counter per run would re-count everything; share counts across runs like an engine would. */
const sharedCache = new Map<string, number>();
function createQwenCounterShared(count: (s: string) => number) {
  return {
    count(text: string): number {
      let n = sharedCache.get(text);
      if (n === undefined) {
        n = count(text);
        sharedCache.set(text, n);
      }
      return n;
    },
  };
}

/** Every prompt token the model did not generate, counted once, with the same chat framing as the loop. */
function minimumPrefill(t: Trajectory, count: (s: string) => number): number {
  let sum = count(t.systemPrompt) + count(t.question) + 2 * MESSAGE_OVERHEAD;
  for (const body of t.bodies) if (body !== null) sum += count(toolResponseTurn(body, [])) + MESSAGE_OVERHEAD;
  return sum + t.assistant.length * REPLY_PREFIX;
}

/** A loop that rebuilds its history every turn (latest turns that fit) and so prefills all of it. */
function naivePrefill(t: Trajectory, count: (s: string) => number, window: number): number {
  const { promptBudget } = resolveBudget(withDefaults({ contextWindow: window }), window);
  const head = count(t.systemPrompt) + count(t.question) + 2 * MESSAGE_OVERHEAD + REPLY_PREFIX;
  const pairs = t.assistant.map((turn, i) => {
    const body = t.bodies[i];
    const user =
      body === null || body === undefined ? 0 : count(toolResponseTurn(body, [])) + MESSAGE_OVERHEAD;
    return count(turn) + MESSAGE_OVERHEAD + user;
  });
  let total = 0;
  for (let turn = 0; turn < t.assistant.length; turn++) {
    let size = head;
    for (let j = turn - 1; j >= 0; j--) {
      const pair = pairs[j] ?? 0;
      if (size + pair > promptBudget) break;
      size += pair;
    }
    total += size;
  }
  return total;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().then((r) => process.stdout.write(`${JSON.stringify(r, null, 2)}\n`));
}
