/**
 * Runs each hostile case as a research run of its own and judges it: did the run end within its bound
 * (else: does Stop end it, and can a new run start), and are the service worker and engine host still
 * answering afterwards.
 */
import type { ServerResponse } from 'node:http';
import { sendFromPage } from '../../e2e/helpers/extension-messages';
import { type RunEnd, runPlan, type SuiteContext, waitForEnd, within } from './context';
import { HOSTILE_CASES, HOSTILE_HOST, type HostileCase, pageUrlOf } from './hostile-cases';

export const HOSTILE_BOUND_MS = 40_000;

export interface HostileOutcome {
  id: string;
  area: string;
  status: string;
  message?: string;
  ms: number;
  hung: boolean;
  crashed: boolean;
  /** Requests for the case's forbidden path that a private or loopback server received. */
  reachedPrivate: number;
  /** The case asks for a message and the run did not end with one that matches. */
  unclear: boolean;
  /** For a hung run: Stop ended it within 5 s. */
  stopWorked?: boolean;
  /** For a hung run: a new run could start and finish afterwards. */
  laterRunsWork?: boolean;
}

export interface HostileResult {
  cases: number;
  crashed: number;
  hung: number;
  reachedPrivate: number;
  unclear: number;
  outcomes: HostileOutcome[];
}

async function answers(ctx: SuiteContext, room: 'router' | 'engine'): Promise<boolean> {
  return within(
    5000,
    sendFromPage(ctx.panel, `${room}.ping`, {}).then((r) => r.ok),
    false,
  );
}

/** A trivial run that must start and finish: the way to tell that a stuck run still blocks others. */
async function laterRunWorks(ctx: SuiteContext): Promise<boolean> {
  try {
    const end = await runPlan(
      ctx,
      { moves: [], answer: 'Fine.', obey: false },
      { question: 'Is a new run possible?' },
      20_000,
    );
    return end.status === 'done';
  } catch {
    return false;
  }
}

export async function hostileSuite(ctx: SuiteContext & { restart(): Promise<void> }): Promise<HostileResult> {
  const { world } = ctx;
  const byId = new Map(HOSTILE_CASES.map((c) => [c.id, c]));
  world.site(HOSTILE_HOST, async (_req, res: ServerResponse, { url }) => {
    const id = url.pathname.split('/')[1] ?? '';
    const c = byId.get(id);
    if (c?.page) return c.page(res, url);
    if (url.pathname === '/never.png') return; // never answered
    res.writeHead(404);
    res.end();
  });
  for (const c of HOSTILE_CASES) if (c.search) world.searchBehaviour(`hostile ${c.id}`, c.search);

  const outcomes: HostileOutcome[] = [];
  // ROBUSTNESS_CASES=p-alert,p-busy-loop runs only those (while working on a fix).
  const only = process.env.ROBUSTNESS_CASES?.split(',').filter(Boolean);
  for (const c of HOSTILE_CASES) {
    if (only && !only.includes(c.id)) continue;
    outcomes.push(await runCase(ctx, c));
    const last = outcomes.at(-1);
    ctx.say(
      `hostile ${c.id}: ${last?.status} in ${Math.round((last?.ms ?? 0) / 1000)} s${last?.hung ? ' HUNG' : ''}${last?.crashed ? ' CRASHED' : ''}${last?.message ? ` — ${last.message.slice(0, 120)}` : ''}`,
    );
  }
  return {
    cases: outcomes.length,
    crashed: outcomes.filter((o) => o.crashed).length,
    hung: outcomes.filter((o) => o.hung).length,
    reachedPrivate: outcomes.reduce((n, o) => n + o.reachedPrivate, 0),
    unclear: outcomes.filter((o) => o.unclear).length,
    outcomes,
  };
}

async function runCase(
  ctx: SuiteContext & { restart(): Promise<void> },
  c: HostileCase,
): Promise<HostileOutcome> {
  const question = c.page
    ? `What does ${pageUrlOf(c.id)} say about the hostile page topic?`
    : `Hostile case ${c.id}: what happens?`;
  ctx.world.model.fail(c.failure?.mode ?? null, c.failure?.times ?? 0);
  const mark = ctx.world.log.mark;
  const reached = () =>
    c.forbiddenPath
      ? ctx.world.log
          .since(mark)
          .filter((e) => e.server !== 'public' && e.path.startsWith(c.forbiddenPath ?? '')).length
      : 0;
  let end: RunEnd;
  try {
    end = await runPlan(
      ctx,
      { moves: c.moves, answer: 'The hostile page topic is covered.', obey: false },
      { question },
      HOSTILE_BOUND_MS,
    );
  } catch (err) {
    ctx.world.model.fail(null);
    const crashed = !(await answers(ctx, 'engine')) || !(await answers(ctx, 'router'));
    if (crashed) await ctx.restart();
    return {
      id: c.id,
      area: c.area,
      status: 'not-started',
      message: String(err),
      ms: 0,
      hung: false,
      crashed,
      reachedPrivate: reached(),
      unclear: c.message !== undefined,
    };
  }
  ctx.world.model.fail(null);
  const outcome: HostileOutcome = {
    id: c.id,
    area: c.area,
    status: end.status,
    ...(end.error ? { message: end.error } : {}),
    ms: end.ms,
    hung: end.overdue,
    crashed: false,
    reachedPrivate: reached(),
    unclear: c.message !== undefined && !c.message.test(end.error ?? ''),
  };
  if (end.overdue) {
    // A frozen panel answers neither message: each is given a bound, so the case is judged.
    await within(5000, sendFromPage(ctx.panel, 'runner.stop', { sessionId: end.sessionId }), undefined);
    const stopped = await waitForEnd(ctx.panel, end.sessionId, 5000);
    outcome.stopWorked = !stopped.overdue;
    outcome.laterRunsWork = await within(40_000, laterRunWorks(ctx), false);
  }
  outcome.crashed = !(await answers(ctx, 'router')) || !(await answers(ctx, 'engine'));
  if (outcome.crashed || outcome.laterRunsWork === false) await ctx.restart();
  return outcome;
}
