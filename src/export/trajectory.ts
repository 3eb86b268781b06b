import * as v from 'valibot';
import { NO_FOLD, renderConversation } from '../agent/conversation';
import { parseVisitFrames } from '../agent/observation-parse';
import { parseTurn } from '../agent/parse';
import { buildSystemPrompt, formatDate } from '../agent/prompt';
import type { AgentStep } from '../agent/types';
import type { SessionRecord } from '../store/records';
import { domainOf } from './domain';

export interface TrajectoryMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The DR-Venus training-data shape: system, user question, then assistant / `<tool_response>` turns. */
export interface Trajectory {
  question: string;
  messages: TrajectoryMessage[];
}

/** The prompt a session ran with: the user's own when the settings snapshot has one. */
export function systemPromptFor(session: SessionRecord): string {
  const s = session.settings;
  const custom =
    typeof s === 'object' && s !== null && !Array.isArray(s) && typeof s.systemPrompt === 'string'
      ? s.systemPrompt
      : undefined;
  return buildSystemPrompt({ date: formatDate(session.createdAt), ...(custom ? { custom } : {}) });
}

/** The full, unfolded conversation: raw model turns exactly as generated, observations with notes. */
export function sessionToTrajectory(
  session: SessionRecord,
  steps: readonly AgentStep[],
  systemPrompt: string,
): Trajectory {
  const done = steps.filter((s) => s.status === 'done' || s.action.kind === 'answer');
  const messages = renderConversation({ systemPrompt, question: session.question }, done, NO_FOLD);
  return {
    question: session.question,
    messages: messages.map((m) => ({ role: m.role, content: m.content })),
  };
}

const messageSchema = v.object({
  role: v.picklist(['system', 'user', 'assistant', 'tool']),
  content: v.pipe(v.string(), v.maxLength(2_000_000)),
});

const trajectorySchema = v.object({
  question: v.optional(v.string()),
  messages: v.pipe(v.array(messageSchema), v.minLength(2), v.maxLength(2000)),
});

export interface TrajectoryView {
  question: string;
  systemPrompt: string;
  steps: AgentStep[];
  answer: string | null;
}

export type TrajectoryParse = { ok: true; view: TrajectoryView } | { ok: false; error: string };

const RESPONSE = /^\s*<tool_response>\n?([\s\S]*?)\n?<\/tool_response>\s*$/;

function observationOf(content: string): string {
  const m = RESPONSE.exec(content);
  return m?.[1] ?? content;
}

function stepOf(seq: number, raw: string, observation: string | null): AgentStep {
  const turn = parseTurn(raw);
  const a = turn.action;
  const sources =
    a.kind === 'visit' && observation
      ? parseVisitFrames(observation)
          .filter((f) => f.evidence && !f.evidence.startsWith('The page could not be read'))
          .map((f) => ({ url: f.url, title: domainOf(f.url) || f.url }))
      : [];
  return {
    seq,
    status: 'done',
    raw,
    think: turn.think,
    action: a,
    call:
      a.kind === 'search'
        ? { name: 'search', arguments: { query: a.query } }
        : a.kind === 'visit'
          ? { name: 'visit', arguments: { url: a.url, goal: a.goal } }
          : null,
    observation,
    // A file carries only text: cards and citations read it back with the text parser.
    result: null,
    notes: [],
    duplicateOf: null,
    sources,
    fold: { ...NO_FOLD },
    folded: false,
    attempts: 1,
    startedAt: 0,
    finishedAt: 0,
    tokens: { prompt: 0, completion: 0, reply: 0, prefill: 0 },
  };
}

/** Reads a trajectory file (untrusted) into a read-only view: one step per assistant turn. */
export function parseTrajectory(json: unknown): TrajectoryParse {
  const r = v.safeParse(trajectorySchema, json);
  if (!r.success) {
    const issue = r.issues[0];
    const path = issue?.path?.map((p) => String(p.key)).join('.') ?? '';
    return { ok: false, error: `Not a trajectory file${path ? ` (${path})` : ''}: ${issue?.message ?? ''}` };
  }
  const msgs = r.output.messages;
  const system = msgs[0]?.role === 'system' ? msgs[0].content : '';
  const firstUser = msgs.find((m) => m.role === 'user');
  const steps: AgentStep[] = [];
  let answer: string | null = null;
  msgs.forEach((m, i) => {
    if (m.role !== 'assistant') return;
    const next = msgs[i + 1];
    const obs =
      next && next.role !== 'assistant' && next.role !== 'system' ? observationOf(next.content) : null;
    const step = stepOf(steps.length, m.content, obs);
    if (step.action.kind === 'answer') answer = step.action.text;
    steps.push(step);
  });
  return {
    ok: true,
    view: { question: r.output.question ?? firstUser?.content ?? '', systemPrompt: system, steps, answer },
  };
}
