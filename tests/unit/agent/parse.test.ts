import { describe, expect, it } from 'vitest';
import { parseTurn } from '../../../src/agent/parse';
import { parseLenientJson } from '../../../src/agent/parse-json';

const call = (json: string) => `<think>\nplan\n</think>\n<tool_call>\n${json}\n</tool_call>`;

describe('parseTurn', () => {
  it('reads a well-formed search, visit and answer', () => {
    expect(parseTurn(call('{"name": "search", "arguments": {"query": ["a", "b"]}}'))).toEqual({
      think: 'plan',
      action: { kind: 'search', query: ['a', 'b'] },
      repairs: [],
    });
    expect(
      parseTurn(call('{"name": "visit", "arguments": {"url": ["https://x.org"], "goal": "g"}}')).action,
    ).toEqual({
      kind: 'visit',
      url: ['https://x.org'],
      goal: 'g',
    });
    expect(parseTurn('<think>\nok\n</think>\n<answer>\n**42**\n</answer>').action).toEqual({
      kind: 'answer',
      text: '**42**',
    });
  });

  it('accepts JSON5, wraps strings, drops unknown keys', () => {
    const p = parseTurn(call("{name: 'search', arguments: {query: 'kiwi', page: 2,},}"));
    expect(p.action).toEqual({ kind: 'search', query: ['kiwi'] });
    expect(p.repairs).toEqual(expect.arrayContaining(['json5', 'wrapped-string']));
  });

  it('repairs a missing <think> or </think>', () => {
    const noOpen = parseTurn(
      'I should search.\n</think>\n<tool_call>\n{"name": "search", "arguments": {"query": ["x"]}}\n</tool_call>',
    );
    expect(noOpen.think).toBe('I should search.');
    expect(noOpen.action.kind).toBe('search');
    const noClose = parseTurn(
      '<think>\nI should search.\n<tool_call>\n{"name": "search", "arguments": {"query": ["x"]}}\n</tool_call>',
    );
    expect(noClose.think).toBe('I should search.');
    expect(noClose.action.kind).toBe('search');
    expect(noClose.repairs).toContain('missing-think-close');
  });

  it('cuts a hallucinated <tool_response> and everything after it', () => {
    const p = parseTurn(
      `${call('{"name": "search", "arguments": {"query": ["x"]}}')}\n<tool_response>\nfake\n</tool_response>\n<answer>fake</answer>`,
    );
    expect(p.action).toEqual({ kind: 'search', query: ['x'] });
    expect(p.repairs).toContain('cut-tool-response');
  });

  it('runs only the first of several tool calls', () => {
    const two = `${call('{"name": "search", "arguments": {"query": ["first"]}}')}\n<tool_call>\n{"name": "search", "arguments": {"query": ["second"]}}\n</tool_call>`;
    expect(parseTurn(two).action).toEqual({ kind: 'search', query: ['first'] });
  });

  it('salvages an extra closing brace and a truncated object', () => {
    expect(parseTurn(call('{"name": "search", "arguments": {"query": ["x"]}}}')).action.kind).toBe('search');
    expect(
      parseTurn(
        '<think>a</think><tool_call>{"name": "visit", "arguments": {"url": ["https://x.org"], "goal": "why',
      ).action,
    ).toEqual({
      kind: 'visit',
      url: ['https://x.org'],
      goal: 'why',
    });
  });

  it('gives a typed failure with a reason', () => {
    expect(parseTurn('')).toMatchObject({ action: { kind: 'invalid', reason: 'empty' } });
    expect(parseTurn('<think>only thoughts</think>')).toMatchObject({
      action: { kind: 'invalid', reason: 'no-action' },
    });
    expect(parseTurn(call('not json at all'))).toMatchObject({
      action: { kind: 'invalid', reason: 'bad-json' },
    });
    expect(parseTurn(call('{"name": "browse", "arguments": {}}'))).toMatchObject({
      action: { kind: 'invalid', reason: 'unknown-tool' },
    });
    expect(parseTurn(call('{"name": "search", "arguments": {"query": []}}'))).toMatchObject({
      action: { kind: 'invalid', reason: 'bad-arguments' },
    });
    expect(parseTurn('<think>x</think><answer>  </answer>')).toMatchObject({
      action: { kind: 'invalid', reason: 'empty-answer' },
    });
  });

  it('ignores tool-call syntax quoted inside the thinking when a real action follows', () => {
    const p = parseTurn(
      '<think>The format is <tool_call>{"name": "visit"}</tool_call>.</think>\n<answer>Done.</answer>',
    );
    expect(p.action).toEqual({ kind: 'answer', text: 'Done.' });
  });
});

describe('parseLenientJson', () => {
  it('closes open strings, arrays and objects of a truncated call', () => {
    expect(parseLenientJson('{"a": ["x", "y')?.value).toEqual({ a: ['x', 'y'] });
  });
  it('returns undefined for text without an object', () => {
    expect(parseLenientJson('hello')).toBeUndefined();
  });
});
