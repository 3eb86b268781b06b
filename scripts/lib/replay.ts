import * as v from 'valibot';
import type { AgentTools, TokenCounter } from '../../src/agent/deps';
import { runResearch } from '../../src/agent/loop';
import type { AgentSettings } from '../../src/agent/settings';
import type { ResearchResult, ToolCall } from '../../src/agent/types';
import { citeAnswer } from '../../src/citations/cite-answer';
import { ScriptedEngine } from './scripted-engine';

/**
 * Replay of a recorded DR-Venus trajectory: its assistant turns are the scripted model and its
 * recorded `<tool_response>` bodies are the tools, so the loop runs end to end without a model or
 * a network.
 */

const MessageSchema = v.object({
  role: v.picklist(['system', 'user', 'assistant']),
  content: v.string(),
});
const TrajectorySchema = v.looseObject({ messages: v.pipe(v.array(MessageSchema), v.minLength(2)) });

export interface Trajectory {
  systemPrompt: string;
  question: string;
  /** Assistant turns in order. */
  assistant: string[];
  /** Body of the `<tool_response>` that followed each assistant turn (null after the last). */
  bodies: Array<string | null>;
}

export function parseTrajectory(json: unknown): Trajectory | string {
  const parsed = v.safeParse(TrajectorySchema, json);
  if (!parsed.success) return `not a trajectory: ${parsed.issues[0]?.message ?? 'bad shape'}`;
  const [system, user, ...rest] = parsed.output.messages;
  if (system?.role !== 'system' || user?.role !== 'user') return 'a trajectory starts with system and user';
  const assistant: string[] = [];
  const bodies: Array<string | null> = [];
  for (let i = 0; i < rest.length; i += 2) {
    const a = rest[i];
    const u = rest[i + 1];
    if (a?.role !== 'assistant') return `message ${i + 2} should be the assistant's`;
    assistant.push(a.content);
    bodies.push(u ? toolResponseBody(u.content) : null);
  }
  return { systemPrompt: system.content, question: user.content, assistant, bodies };
}

export function toolResponseBody(content: string): string {
  let body = content;
  if (body.startsWith('<tool_response>\n')) body = body.slice(16);
  else if (body.startsWith('<tool_response>')) body = body.slice(15);
  if (body.endsWith('\n</tool_response>')) body = body.slice(0, -17);
  else if (body.endsWith('</tool_response>')) body = body.slice(0, -16);
  return body;
}

export interface ReplaySummary {
  turns: number;
  toolCalls: ToolCall[];
  answer: string | null;
  parseFailures: number;
  duplicates: number;
  folds: number;
  peakContextTokens: number;
  contextTokens: number;
  prefillTokens: number;
}

export interface ReplayOptions {
  /** Context window for the run; unlimited when absent. */
  budget?: number;
  tokenizer?: TokenCounter;
  signal?: AbortSignal;
  clock?: () => number;
  /** Settings on top of the recorded run's (e.g. the digest style a bench compares). */
  settings?: Partial<AgentSettings>;
}

export function replayEngine(t: Trajectory, tokenizer?: TokenCounter, budget?: number): ScriptedEngine {
  // The scripted engine counts synchronously; an async counter falls back to its estimate.
  const count = tokenizer
    ? (s: string) => {
        const n = tokenizer.count(s);
        return typeof n === 'number' ? n : Math.ceil(s.length / 4);
      }
    : undefined;
  // The recorded model had whatever window the budget says; the scripted one must not be smaller.
  return new ScriptedEngine(t.assistant, {
    countTokens: count,
    chunkSize: 64,
    contextWindow: budget ?? 1 << 30,
  });
}

/** Tools answering with the body recorded after the assistant turn the engine just played. */
export function replayTools(t: Trajectory, engine: ScriptedEngine): AgentTools {
  const none = async (): Promise<never> => {
    throw new Error('replay tools only return recorded observations');
  };
  return {
    search: none,
    visit: none,
    observe: async () => t.bodies[engine.callCount - 1] ?? 'No result was recorded for this call.',
  };
}

export async function replayTrajectory(
  t: Trajectory,
  opts: ReplayOptions = {},
): Promise<{ summary: ReplaySummary; result: ResearchResult }> {
  const engine = replayEngine(t, opts.tokenizer, opts.budget);
  const result = await runResearch(
    { engine, cite: citeAnswer, tools: replayTools(t, engine), tokenizer: opts.tokenizer, clock: opts.clock },
    {
      question: t.question,
      settings: {
        systemPrompt: t.systemPrompt,
        contextWindow: opts.budget ?? 1 << 30,
        maxSteps: Math.max(200, t.assistant.length + 1),
        ...opts.settings,
      },
    },
    { signal: opts.signal },
  );
  const s = result.stats;
  const summary: ReplaySummary = {
    turns: result.steps.length,
    toolCalls: result.steps.flatMap((step) => (step.call ? [step.call] : [])),
    answer: result.answer,
    parseFailures: s.parseFailures,
    duplicates: s.duplicates,
    folds: s.folds,
    peakContextTokens: s.peakContextTokens,
    contextTokens: s.contextTokens,
    prefillTokens: s.prefillTokens,
  };
  return { summary, result };
}
