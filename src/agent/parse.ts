import * as v from 'valibot';
import { parseLenientJson } from './parse-json';
import type { AgentAction, ParsedTurn, ParseFailureReason, ToolCall } from './types';

/**
 * Raw model text → `{think, action}`. Lenient where small models are sloppy, strict about what runs:
 * only the first action counts and only known tools with usable arguments pass. Never throws.
 */
export function parseTurn(raw: string): ParsedTurn {
  try {
    return parseUnsafe(typeof raw === 'string' ? raw : '');
  } catch (err) {
    return {
      think: '',
      action: invalid('no-action', `The reply could not be read (${String(err)}).`),
      repairs: [],
    };
  }
}

const STOP_MARKERS = ['<tool_response>', '<|im_end|>', '<|endoftext|>', '<|im_start|>'];

function parseUnsafe(raw: string): ParsedTurn {
  const repairs: string[] = [];
  let text = raw;
  for (const marker of STOP_MARKERS) {
    const at = text.indexOf(marker);
    if (at >= 0) {
      text = text.slice(0, at);
      repairs.push(marker === '<tool_response>' ? 'cut-tool-response' : 'cut-special-token');
    }
  }
  if (!text.trim()) return { think: '', action: invalid('empty', 'The reply was empty.'), repairs };
  const { think, rest } = splitThink(text, repairs);
  let action = readAction(rest, repairs);
  if (!action) {
    // A complete action written inside the thinking is better than nothing.
    action = readLastClosedAction(think, repairs);
  }
  return {
    think: think.trim(),
    action:
      action ?? invalid('no-action', 'The reply has no <tool_call> and no <answer> after the thinking.'),
    repairs,
  };
}

function splitThink(text: string, repairs: string[]): { think: string; rest: string } {
  const close = text.indexOf('</think>');
  if (close >= 0) {
    const head = text.slice(0, close);
    const open = head.indexOf('<think>');
    if (open < 0) repairs.push('missing-think-open');
    return { think: open >= 0 ? head.slice(open + 7) : head, rest: text.slice(close + 8) };
  }
  const open = text.indexOf('<think>');
  const body = open >= 0 ? text.slice(open + 7) : text;
  const act = firstActionStart(body);
  repairs.push(open >= 0 ? 'missing-think-close' : 'missing-think');
  if (act < 0) return { think: body, rest: '' };
  return { think: body.slice(0, act), rest: body.slice(act) };
}

function firstActionStart(text: string): number {
  const call = text.indexOf('<tool_call>');
  const answer = text.indexOf('<answer>');
  if (call < 0) return answer;
  if (answer < 0) return call;
  return Math.min(call, answer);
}

function readAction(rest: string, repairs: string[]): AgentAction | null {
  const start = firstActionStart(rest);
  if (start < 0) {
    const trimmed = rest.trim();
    const endAnswer = trimmed.indexOf('</answer>');
    if (endAnswer > 0) {
      repairs.push('missing-answer-open');
      return answerAction(trimmed.slice(0, endAnswer));
    }
    if (trimmed.startsWith('{') && trimmed.includes('"name"')) {
      repairs.push('missing-tool-call-tags');
      return decodeToolCall(trimmed, repairs);
    }
    return null;
  }
  if (rest.startsWith('<answer>', start)) {
    const body = rest.slice(start + 8);
    const end = body.indexOf('</answer>');
    if (end < 0) repairs.push('missing-answer-close');
    return answerAction(end >= 0 ? body.slice(0, end) : body);
  }
  const body = rest.slice(start + 11);
  const candidates = ['</tool_call>', '<tool_call>', '<answer>']
    .map((tag) => body.indexOf(tag))
    .filter((i) => i >= 0);
  const end = candidates.length ? Math.min(...candidates) : -1;
  if (end < 0 || !body.startsWith('</tool_call>', end)) repairs.push('missing-tool-call-close');
  if (body.indexOf('<tool_call>') >= 0) repairs.push('extra-tool-calls-ignored');
  return decodeToolCall(end >= 0 ? body.slice(0, end) : body, repairs);
}

function readLastClosedAction(think: string, repairs: string[]): AgentAction | null {
  const call = think.lastIndexOf('<tool_call>');
  const answer = think.lastIndexOf('<answer>');
  const start = Math.max(call, answer);
  if (start < 0) return null;
  const closeTag = start === call ? '</tool_call>' : '</answer>';
  if (think.indexOf(closeTag, start) < 0) return null;
  const scratch: string[] = [];
  const action = readAction(think.slice(start), scratch);
  if (!action || action.kind === 'invalid') return null;
  repairs.push('action-inside-think', ...scratch);
  return action;
}

function answerAction(body: string): AgentAction {
  const text = body.trim();
  return text ? { kind: 'answer', text } : invalid('empty-answer', 'The <answer> is empty.');
}

const CallShape = v.looseObject({ name: v.string() });

function decodeToolCall(body: string, repairs: string[]): AgentAction {
  const parsed = parseLenientJson(body);
  if (!parsed) return invalid('bad-json', 'The <tool_call> does not hold a JSON object.');
  if (parsed.repair) repairs.push(parsed.repair);
  const shape = v.safeParse(CallShape, parsed.value);
  if (!shape.success) return invalid('bad-json', 'The <tool_call> JSON has no "name".');
  const call = shape.output as Record<string, unknown>;
  const name = shape.output.name.trim().toLowerCase();
  let args = call.arguments ?? call.parameters ?? call.args;
  if (typeof args === 'string') {
    args = parseLenientJson(args)?.value;
    repairs.push('arguments-as-string');
  }
  if (!isRecord(args)) return invalid('bad-arguments', `The "${name}" call has no "arguments" object.`);
  if (name === 'search') {
    const query = stringList(args.query ?? args.queries, repairs);
    if (!query) return invalid('bad-arguments', 'search needs "query": a list of non-empty strings.');
    return { kind: 'search', query };
  }
  if (name === 'visit') {
    const url = stringList(args.url ?? args.urls, repairs);
    if (!url) return invalid('bad-arguments', 'visit needs "url": a list of URLs.');
    const goal = typeof args.goal === 'string' ? args.goal : '';
    if (typeof args.goal !== 'string') repairs.push('missing-goal');
    return { kind: 'visit', url, goal };
  }
  return invalid('unknown-tool', `There is no tool named "${name.slice(0, 40)}"; use "search" or "visit".`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string becomes a one-item list; non-strings and blanks are dropped. */
function stringList(value: unknown, repairs: string[]): string[] | null {
  let items: unknown[];
  if (typeof value === 'string') {
    items = [value];
    repairs.push('wrapped-string');
  } else if (Array.isArray(value)) items = value;
  else return null;
  const out = items
    .map((x) => (typeof x === 'string' ? x : typeof x === 'number' ? String(x) : ''))
    .filter((x) => x.trim() !== '');
  return out.length ? out : null;
}

function invalid(reason: ParseFailureReason, message: string): AgentAction {
  return { kind: 'invalid', reason, message };
}

export function toolCallOf(action: AgentAction): ToolCall | null {
  if (action.kind === 'search') return { name: 'search', arguments: { query: action.query } };
  if (action.kind === 'visit') return { name: 'visit', arguments: { url: action.url, goal: action.goal } };
  return null;
}
