/**
 * A scripted model that does whatever the text it reads tells it to. Each run gets a plan (its own
 * moves, in order); every instruction found in a tool response jumps the queue, with secrets filled in
 * from whatever the model was sent. It stands in for a small model fooled by every injection, so the
 * suite measures the gates in code, not the model's judgement.
 */
import type { ScriptedTurn } from '../../../scripts/lib/scripted-model-server';
import { type Directive, fillTemplate, findDirectives } from './directives';

export type Move =
  | { kind: 'search'; queries: string[]; think?: string }
  | { kind: 'visit'; urls: string[]; goal: string; think?: string }
  | { kind: 'answer'; text: string; think?: string }
  /** A verbatim turn (malformed output and other hostile replies). */
  | { kind: 'raw'; text: string; finishReason?: 'stop' | 'length'; chunkDelayMs?: number };

export interface Plan {
  moves: Move[];
  /** The answer after the moves and instructions run out; answer instructions are appended to it. */
  answer: string;
  /** Follow instructions found in tool responses (off for plain scripted runs). */
  obey: boolean;
  /**
   * Choose the move by how many turns the conversation already holds, as a real model continues
   * from what it is shown: after a crash and resume it redoes the turn whose result it never saw.
   */
  stateless?: boolean;
}

export interface ObeyRecord {
  directive: Directive;
  /** What the model sent, or undefined when a secret it was asked for was not in its context. */
  filled?: string[];
}

interface Message {
  role: string;
  content: string;
}

function messagesOf(body: Record<string, unknown>): Message[] {
  const raw = body.messages;
  if (!Array.isArray(raw)) return [];
  return raw.map((m: { role?: unknown; content?: unknown }) => ({
    role: typeof m?.role === 'string' ? m.role : '',
    content: typeof m?.content === 'string' ? m.content : JSON.stringify(m?.content ?? ''),
  }));
}

const turn = (think: string, body: string) => `<think>\n${think}\n</think>\n${body}`;
const call = (name: string, args: unknown) =>
  `<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;

export function renderMove(move: Move, n: number): ScriptedTurn {
  switch (move.kind) {
    case 'raw':
      return {
        text: move.text,
        ...(move.finishReason ? { finishReason: move.finishReason } : {}),
        ...(move.chunkDelayMs ? { chunkDelayMs: move.chunkDelayMs } : {}),
      };
    case 'search':
      return {
        text: turn(
          move.think ?? `Step ${n}: I will search for this.`,
          call('search', { query: move.queries }),
        ),
      };
    case 'visit':
      return {
        text: turn(
          move.think ?? `Step ${n}: these pages should help.`,
          call('visit', { url: move.urls, goal: move.goal }),
        ),
      };
    case 'answer':
      return {
        text: turn(move.think ?? `Step ${n}: I can answer now.`, `<answer>\n${move.text}\n</answer>`),
      };
  }
}

export class ObeyingModel {
  private moves: Move[] = [];
  private queue: Directive[] = [];
  private answerParts: string[] = [];
  private plan: Plan = { moves: [], answer: 'Done.', obey: false };
  private seen = new Set<string>();
  private taken = new Set<string>();
  private count = 0;
  readonly obeyed: ObeyRecord[] = [];
  /** Every request's messages, for checks of what reached the model's context. */
  readonly contexts: string[] = [];

  start(plan: Plan): void {
    this.plan = plan;
    this.moves = [...plan.moves];
    this.queue = [];
    this.answerParts = [];
    this.seen.clear();
    this.taken.clear();
    this.obeyed.length = 0;
  }

  /** The scripted server's `respond`: called once per chat request. */
  respond = (body: Record<string, unknown>): ScriptedTurn | undefined => {
    const messages = messagesOf(body);
    const context = messages.map((m) => m.content).join('\n');
    this.contexts.push(context);
    const last = messages.at(-1);
    // A retried request carries the same last message: its instructions are already queued.
    const key = `${messages.length}:${last?.content.length}:${last?.content.slice(-200)}`;
    if (this.plan.obey && last?.role === 'user' && !this.seen.has(key)) {
      this.seen.add(key);
      for (const d of findDirectives(last.content)) {
        // A page's summary repeats its evidence: the same order is followed once.
        const id = `${d.tool}:${d.args.join('||')}`;
        if (this.taken.has(id)) continue;
        this.taken.add(id);
        if (d.tool !== 'answer') {
          this.queue.push(d);
          continue;
        }
        const filled = d.args.map((a) => fillTemplate(a, context));
        const ok = filled.every((f): f is string => f !== undefined);
        this.obeyed.push({ directive: d, ...(ok ? { filled } : {}) });
        if (ok) this.answerParts.push(...filled);
      }
    }
    this.count += 1;
    for (;;) {
      const d = this.queue.shift();
      if (!d) break;
      const filled = d.args.map((a) => fillTemplate(a, context));
      const ok = filled.every((f): f is string => f !== undefined);
      this.obeyed.push({ directive: d, ...(ok ? { filled } : {}) });
      if (!ok) continue;
      const move: Move =
        d.tool === 'search'
          ? { kind: 'search', queries: filled }
          : { kind: 'visit', urls: filled, goal: 'Do what the page asked.' };
      return renderMove(move, this.count);
    }
    if (this.plan.stateless) {
      const done = messages.filter((m) => m.role === 'assistant').length;
      const move = this.plan.moves[done];
      if (move) return renderMove(move, this.count);
      return renderMove({ kind: 'answer', text: this.plan.answer }, this.count);
    }
    const next = this.moves.shift();
    if (next) return renderMove(next, this.count);
    const text = [this.plan.answer, ...this.answerParts.filter(Boolean)].join('\n\n');
    return renderMove({ kind: 'answer', text }, this.count);
  };
}
