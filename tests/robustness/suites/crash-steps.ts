/**
 * What a crash case compares: the steps saved in IndexedDB when the run stopped (before Continue)
 * and at its end. A planned step counts as lost when it never ended done and read, or when a step
 * that was complete before the crash is gone or changed afterwards; duplicated when it was done twice.
 */
import type { Page } from 'playwright-core';
import { readSteps } from '../../e2e/helpers/extension-db';

export interface StepView {
  seq: number;
  key: string;
  ok: boolean;
  duplicate: boolean;
  /** The model's raw turn and what it saw: a complete step must come through a resume unchanged. */
  fingerprint: string;
  why?: string;
}

export async function stepsOf(panel: Page, sessionId: string): Promise<StepView[]> {
  const records = await readSteps(panel, sessionId);
  return records.map((r) => {
    const wrapped = r.action as {
      action?: { kind?: string; query?: string[]; url?: string[] };
      duplicateOf?: number | null;
    };
    const action = wrapped?.action;
    const key =
      action?.kind === 'search'
        ? `search:${action.query?.join('|')}`
        : action?.kind === 'visit'
          ? `visit:${action.url?.join('|')}`
          : String(action?.kind);
    const obs = String(r.observation ?? '');
    const ok = r.status === 'done' && !/could not be read|No information:/.test(obs);
    return {
      seq: Number(r.seq),
      key,
      ok,
      duplicate: wrapped?.duplicateOf !== null && wrapped?.duplicateOf !== undefined,
      fingerprint: `${String(r.raw)}\u0000${obs}`,
      ...(ok ? {} : { why: `${String(r.status)}: ${obs.slice(0, 300)}` }),
    };
  });
}

export interface StepCount {
  lost: number;
  duplicated: number;
  /** Steps complete before the crash that are missing or different after the resume. */
  changed: number;
}

export function countSteps(planned: readonly string[], before: StepView[], after: StepView[]): StepCount {
  let lost = 0;
  let duplicated = 0;
  for (const key of planned) {
    const done = after.filter((s) => s.key === key && s.ok && !s.duplicate);
    if (done.length === 0) lost += 1;
    if (done.length > 1) duplicated += done.length - 1;
  }
  const seqs = after.map((s) => s.seq);
  duplicated += seqs.length - new Set(seqs).size;
  const changed = before
    .filter((b) => b.ok)
    .filter((b) => !after.some((a) => a.seq === b.seq && a.fingerprint === b.fingerprint)).length;
  return { lost: lost + changed, duplicated, changed };
}
