import * as v from 'valibot';
import type {
  AgentErrorCode,
  AgentEvent,
  AgentStats,
  AgentStep,
  CitedAnswer,
  RetryReason,
} from '../../agent/types';
import { type RunError, readRunError } from '../../errors/run-error';
import { readCitedAnswer, readStats } from '../../export/records';
import { sessionRunError } from '../../store/legacy-errors';
import type { SessionRecord, SessionStatus } from '../../store/records';
import { answeredEarly } from '../answer/forced-note';

/** The step being generated right now, before the runner has parsed it into a step. */
export interface LiveTurn {
  seq: number;
  attempt: number;
  think: string;
  action: string;
  retry?: { reason: RetryReason; detail: string };
}

export interface SessionError {
  /** 'store': the runner could not save; 'stored': the error saved on the session record. */
  code: AgentErrorCode | 'store' | 'stored';
  /** English, for logs; the panel words `error`. */
  message: string;
  fatal: boolean;
  /** The error as data (checked when it arrived); `stored-text` for sessions saved before codes. */
  error?: RunError | undefined;
}

export interface SessionView {
  id: string;
  question: string;
  status: SessionStatus | 'unknown';
  session: SessionRecord | null;
  steps: AgentStep[];
  live: LiveTurn | null;
  /** The turn a stop or failure cut off: kept on screen with its thinking. */
  partial: LiveTurn | null;
  stats: AgentStats | null;
  answer: { text: string; forced: boolean; citations: CitedAnswer | null } | null;
  errors: SessionError[];
  systemPrompt: string | null;
  readOnly: boolean;
}

export function emptyView(id: string, question = ''): SessionView {
  return {
    id,
    question,
    status: 'unknown',
    session: null,
    steps: [],
    live: null,
    partial: null,
    stats: null,
    answer: null,
    errors: [],
    systemPrompt: null,
    readOnly: false,
  };
}

/**
 * True when two views differ at most in `live`. A delta replaces only `live` and keeps every other
 * field's identity, so parts that never show the streaming text (export bar) can skip those frames.
 */
export function sameButLive(a: SessionView, b: SessionView): boolean {
  if (a === b) return true;
  for (const k of Object.keys(a) as Array<keyof SessionView>) {
    if (k !== 'live' && a[k] !== b[k]) return false;
  }
  return true;
}

/** Steps by seq; a step at `seq` replaces the one there, and (retry-from) drops any after it. */
function upsertStep(steps: readonly AgentStep[], step: AgentStep, truncate: boolean): AgentStep[] {
  const kept = steps.filter((s) => s.seq !== step.seq && (!truncate || s.seq < step.seq));
  const at = kept.findIndex((s) => s.seq > step.seq);
  if (at < 0) return [...kept, step];
  return [...kept.slice(0, at), step, ...kept.slice(at)];
}

/** What the store says, merged under what live events already told us (they may be newer). */
export function fromStore(
  prev: SessionView,
  session: SessionRecord | undefined,
  stored: AgentStep[],
): SessionView {
  let steps = stored;
  for (const s of prev.steps) {
    const mine = steps.find((x) => x.seq === s.seq);
    if (!mine || (mine.status === 'pending' && s.status === 'done')) steps = upsertStep(steps, s, false);
  }
  if (!session) return { ...prev, steps };
  const citations = readCitedAnswer(session.citations);
  const answer =
    session.answer !== undefined
      ? { text: session.answer, forced: prev.answer?.forced || answeredEarly(steps), citations }
      : prev.answer;
  const saved = sessionRunError(session);
  const storedError: SessionError[] =
    session.error && saved && !prev.errors.some((e) => e.message === session.error)
      ? [{ code: storedCode(session.errorCode), message: session.error, fatal: true, error: saved }]
      : [];
  const running = session.status === 'running';
  const live = running ? prev.live : null;
  const partial = running
    ? null
    : cutOff(readPartialTurn(session.partialTurn) ?? prev.live ?? prev.partial, steps);
  return {
    ...prev,
    question: session.question,
    status: session.status,
    session,
    steps,
    live,
    partial,
    stats: readStats(session.stats) ?? prev.stats,
    answer,
    errors: [...prev.errors, ...storedError],
    readOnly: session.readOnly === true,
  };
}

/** Applies one live event. Pure, so a burst of events can be folded in a single render. */
export function applyEvent(view: SessionView, e: AgentEvent): SessionView {
  switch (e.type) {
    case 'start':
      return {
        ...view,
        status: 'running',
        systemPrompt: e.systemPrompt,
        // What the user typed: a follow-up's run question also holds the earlier Q&A for the model.
        question: view.session?.question || view.question || e.question,
      };
    case 'request':
      return { ...view, status: 'running', live: { seq: e.seq, attempt: e.attempt, think: '', action: '' } };
    case 'delta': {
      const cur = view.live;
      const base =
        cur && cur.seq === e.seq && cur.attempt === e.attempt
          ? cur
          : { seq: e.seq, attempt: e.attempt, think: '', action: '' };
      const live =
        e.phase === 'think'
          ? { ...base, think: base.think + e.text }
          : { ...base, action: base.action + e.text };
      return { ...view, live };
    }
    case 'retry': {
      const live = {
        seq: e.seq,
        attempt: e.attempt + 1,
        think: '',
        action: '',
        retry: { reason: e.reason, detail: e.detail },
      };
      return { ...view, live };
    }
    case 'step-started':
    case 'step-done': {
      const live = view.live && view.live.seq <= e.step.seq ? null : view.live;
      return { ...view, steps: upsertStep(view.steps, e.step, e.type === 'step-started'), live };
    }
    case 'answer':
      return { ...view, answer: { text: e.text, forced: e.forced, citations: e.citations }, live: null };
    case 'error': {
      const error = readRunError(e.error, e.message) ?? undefined;
      const errors = [...view.errors, { code: e.code, message: e.message, fatal: e.fatal, error }].slice(-20);
      if (!e.fatal) return { ...view, errors };
      return { ...view, errors, status: 'error', live: null, partial: cutOff(view.live, view.steps) };
    }
    case 'stats':
      return { ...view, stats: e.stats };
    case 'fold':
      return view;
  }
}

/** A cut-off turn only while no step took its place (a resumed run writes that step again). */
function cutOff(turn: LiveTurn | null, steps: readonly AgentStep[]): LiveTurn | null {
  if (!turn || !(turn.think.trim() || turn.action.trim())) return null;
  return steps.some((s) => s.seq === turn.seq) ? null : turn;
}

const partialSchema = v.object({ seq: v.number(), think: v.string(), action: v.string() });

/** The cut-off turn a session record keeps (`partialTurn`), or null. */
export function readPartialTurn(json: unknown): LiveTurn | null {
  const r = v.safeParse(partialSchema, json);
  return r.success ? { ...r.output, attempt: 1 } : null;
}

const storedCode = (code: string | undefined): SessionError['code'] =>
  code === 'search-failed' ? 'search-failed' : 'stored';
