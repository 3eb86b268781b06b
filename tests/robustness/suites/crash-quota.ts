/**
 * A full disk mid-run: the e2e build's fault seam makes step writes fail with QuotaExceededError
 * (Sleuth holds `unlimitedStorage`, so Chromium's own quota cannot be made small). The run must
 * stop with a message that says storage is full, keep every step saved before, and continue to the
 * end once there is room.
 */
import { readSession } from '../../e2e/helpers/extension-db';
import { sendFromPage } from '../../e2e/helpers/extension-messages';
import { startRun, waitForEnd } from './context';
import { ANSWER, type CasePlan, type CrashContext, seam, until } from './crash-plan';
import { countSteps, stepsOf } from './crash-steps';

export interface QuotaOutcome {
  /** The session's status once storage filled up. */
  afterFull: string;
  /** The session (or the panel's error) says storage is full. */
  message: boolean;
  /** Steps saved before storage filled up, and how many of them are still there unchanged. */
  savedBefore: number;
  kept: number;
  final: string;
  stepsLost: number;
  duplicated: number;
}

export async function quotaCase(ctx: CrashContext, plan: CasePlan): Promise<QuotaOutcome> {
  ctx.model.start({ moves: plan.moves, answer: ANSWER, obey: false, stateless: true });
  const started = await startRun(ctx.panel, { question: 'Storage case: does the run keep what it saved?' });
  const sessionId = started.sessionId ?? '';
  const fail = (afterFull: string): QuotaOutcome => ({
    afterFull,
    message: false,
    savedBefore: 0,
    kept: 0,
    final: afterFull,
    stepsLost: plan.planned.length,
    duplicated: 0,
  });
  if (!sessionId) return fail(`not started: ${started.refused}`);
  // The search step is saved; storage fills while the model writes its second turn.
  await until(async () => (await stepsOf(ctx.panel, sessionId)).some((s) => s.ok), 20_000);
  const saved = (await stepsOf(ctx.panel, sessionId)).filter((s) => s.ok);
  await seam(ctx, { name: 'fillStorage', full: true });
  let end = await waitForEnd(ctx.panel, sessionId, 60_000);
  await seam(ctx, { name: 'fillStorage', full: false });
  const afterFull = end.overdue ? 'still running' : end.status;
  const session = await readSession(ctx.panel, sessionId);
  const message = /storage/i.test(String(session?.error ?? ''));
  const before = await stepsOf(ctx.panel, sessionId);
  if (end.status === 'paused') {
    const r = await sendFromPage(ctx.panel, 'runner.resume', { sessionId });
    if (r.ok) end = await waitForEnd(ctx.panel, sessionId, 60_000);
  }
  const after = await stepsOf(ctx.panel, sessionId);
  const count = countSteps(plan.planned, before, after);
  return {
    afterFull,
    message,
    savedBefore: saved.length,
    kept: saved.filter((s) => before.some((b) => b.seq === s.seq && b.fingerprint === s.fingerprint)).length,
    final: end.overdue ? 'still running' : end.status,
    stepsLost: count.lost,
    duplicated: count.duplicated,
  };
}
