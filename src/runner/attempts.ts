import { createControl, type ResearchControl } from '../agent/deps';
import type { AgentStep, CitedAnswer, ResearchResult } from '../agent/types';
import { supportedShareOf, voteAnswers } from '../agent/voting';
import { readCitedAnswer } from '../export/records';
import { toJson } from '../store/json';
import type { SessionStatus } from '../store/records';
import { stepToRecord } from '../store/step-codec';
import { type RunnerDeps, runOnce, type Snapshot } from './run-once';

export interface AttemptsContext {
  deps: RunnerDeps;
  parentId: string;
  snap: Snapshot;
  /** The page a page-origin run started from: every attempt starts from it too. */
  seed: readonly AgentStep[];
  seedUrls: string[];
  /** The parent's signal: Stop ends the attempt in progress and skips the rest. */
  signal: AbortSignal;
  /** Answer-now and steer go to the attempt in progress. */
  useControl(control: ResearchControl): void;
}

interface Candidate {
  sessionId: string;
  text: string;
  citations: CitedAnswer | null;
}

/**
 * Attempts 2..N of a several-attempt run, one after another (one model serves one conversation at
 * a time), each a child session of its own; then a vote over every answer, the parent's first
 * included, and the parent takes the winner. An attempt that already answered (a run resumed after
 * Stop) is kept rather than run again.
 */
export async function runMoreAttempts(
  ctx: AttemptsContext,
  first: ResearchResult,
): Promise<{ status: SessionStatus; error?: string }> {
  const { deps, parentId, snap, signal } = ctx;
  const parent = await deps.store.sessions.get(parentId);
  if (!parent || first.answer === null) return { status: 'done' };
  const existing = await deps.store.sessions.listChildren(parentId);
  const candidates: Candidate[] = [{ sessionId: parentId, text: first.answer, citations: first.citations }];
  for (let attempt = 2; attempt <= snap.app.attempts; attempt++) {
    if (signal.aborted) return { status: 'stopped' };
    const old = existing.find((s) => s.attempt === attempt);
    if (old?.status === 'done' && old.answer !== undefined) {
      candidates.push({ sessionId: old.id, text: old.answer, citations: readCitedAnswer(old.citations) });
      continue;
    }
    if (old) await deps.store.sessions.delete(old.id);
    const id = deps.newId();
    await deps.store.sessions.create({
      id,
      question: parent.question,
      origin: parent.origin,
      ...(parent.originUrl !== undefined ? { originUrl: parent.originUrl } : {}),
      ...(parent.originTitle !== undefined ? { originTitle: parent.originTitle } : {}),
      status: 'running',
      settings: parent.settings,
      ...(parent.engine !== undefined ? { engine: parent.engine } : {}),
      parentId,
      attempt,
    });
    const steps = ctx.seed.map((s) => structuredClone(s));
    for (const s of steps) await deps.store.steps.put(stepToRecord(id, s));
    const control = createControl();
    ctx.useControl(control);
    const spec = { sessionId: id, question: parent.question, snap, steps, seedUrls: ctx.seedUrls };
    const outcome = await runOnce(deps, spec, signal, control);
    await deps.store.sessions.patch(id, {
      status: outcome.status,
      ...(outcome.error ? { error: outcome.error } : {}),
    });
    deps.broadcast({ type: 'sessions-changed' });
    if (signal.aborted) return { status: 'stopped' };
    const r = outcome.result;
    if (r?.status === 'answered' && r.answer !== null) {
      candidates.push({ sessionId: id, text: r.answer, citations: r.citations });
    }
  }
  const vote = voteAnswers(
    candidates.map((c) => ({ text: c.text, supportedShare: supportedShareOf(c.citations) })),
  );
  const winner = candidates[vote.winner] ?? candidates[0];
  if (!winner) return { status: 'done' };
  const current = await deps.store.sessions.get(parentId);
  const stats = current?.stats;
  const base = typeof stats === 'object' && stats !== null && !Array.isArray(stats) ? stats : {};
  await deps.store.sessions.patch(parentId, {
    answer: winner.text,
    citations: toJson(winner.citations),
    stats: {
      ...base,
      votes: { attempts: candidates.length, agreeing: vote.agreeing.length, winnerSession: winner.sessionId },
    },
  });
  return { status: 'done' };
}
