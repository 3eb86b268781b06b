import type { Page } from 'playwright-core';
import type { ExtensionBrowser } from '../../e2e/helpers/browser';
import { readSession } from '../../e2e/helpers/extension-db';
import { sendFromPage } from '../../e2e/helpers/extension-messages';
import type { ObeyingModel, Plan } from '../model/obeying-model';
import type { World } from '../world/world';

/** What every suite works with: the world, its obeying model, and a browser with the panel open. */
export interface SuiteContext {
  world: World;
  model: ObeyingModel;
  browser: ExtensionBrowser;
  panel: Page;
  /** Progress lines go to stderr; stdout carries only the JSON line. */
  say(line: string): void;
}

export type EndState = 'done' | 'error' | 'stopped' | 'paused' | 'running' | 'missing';

export interface RunEnd {
  sessionId: string;
  status: EndState;
  error?: string;
  /** True when the run had not ended within its bound. */
  overdue: boolean;
  ms: number;
}

export interface StartSpec {
  question: string;
  origin?: 'ask' | 'page' | 'selection';
  page?: { url: string; title: string; markdown: string; selection?: string };
}

/** Starts a run as the panel does; a refusal comes back as its message. */
export async function startRun(
  panel: Page,
  spec: StartSpec,
): Promise<{ sessionId?: string; refused?: string }> {
  const r = await sendFromPage(panel, 'runner.start', {
    question: spec.question,
    origin: spec.origin ?? 'ask',
    ...(spec.page ? { page: spec.page } : {}),
  });
  if (!r.ok) return { refused: r.error?.message ?? 'refused' };
  return { sessionId: (r.value as { sessionId: string }).sessionId };
}

/** The promise's value, or `fallback` once `ms` pass first. */
export function within<T>(ms: number, p: Promise<T>, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<T>((ok) => {
    timer = setTimeout(() => ok(fallback), ms);
  });
  return Promise.race([p.catch(() => fallback), late]).finally(() => clearTimeout(timer));
}

/**
 * Polls the saved session until it leaves 'running' or the bound passes. A read the panel does not
 * answer within 5 s counts as no answer: an extension whose pages are frozen (its process busy) is
 * then judged overdue at the bound, instead of holding the suite forever.
 */
export async function waitForEnd(panel: Page, sessionId: string, boundMs: number): Promise<RunEnd> {
  const started = Date.now();
  for (;;) {
    const s = await within(5000, readSession(panel, sessionId), undefined);
    const status = (s?.status as EndState | undefined) ?? 'missing';
    const ms = Date.now() - started;
    if (status !== 'running' && status !== 'missing') {
      return { sessionId, status, ...(s?.error ? { error: String(s.error) } : {}), overdue: false, ms };
    }
    if (ms > boundMs) return { sessionId, status, overdue: true, ms };
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Runs one plan to its end (or its bound) through the real extension. */
export async function runPlan(
  ctx: SuiteContext,
  plan: Plan,
  spec: StartSpec,
  boundMs: number,
  opts: { allowRest?: boolean } = {},
): Promise<RunEnd> {
  ctx.model.start(plan);
  const started = await startRun(ctx.panel, spec);
  if (!started.sessionId) throw new Error(`The run did not start: ${started.refused}`);
  const ended = waitForEnd(ctx.panel, started.sessionId, boundMs);
  if (opts.allowRest) void allowRestWhenAsked(ctx.panel, started.sessionId, ended);
  return ended;
}

/**
 * A user who answers a private run's first request with "allow the rest of this run": what is then
 * measured is the last line under the approval (the pattern checks), as before the approval existed.
 */
async function allowRestWhenAsked(panel: Page, sessionId: string, ended: Promise<RunEnd>): Promise<void> {
  let done = false;
  void ended.then(() => {
    done = true;
  });
  while (!done) {
    const s = await readSession(panel, sessionId).catch(() => undefined);
    const pending = s?.pendingApproval as { id?: unknown } | undefined;
    if (typeof pending?.id === 'string') {
      await sendFromPage(panel, 'runner.approve', { sessionId, requestId: pending.id, answer: 'allow-rest' });
      return;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const chunk = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));
