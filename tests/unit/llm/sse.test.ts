import { describe, expect, it } from 'vitest';
import { SseParser } from '../../../src/llm/sse';
import { StopFilter } from '../../../src/llm/stop-filter';

const STREAM =
  ': keep-alive\r\n\r\ndata: {"a":1}\r\n\r\ndata: line1\r\ndata: line2\r\n\r\ndata: [DONE]\r\n\r\n';

describe('SseParser', () => {
  it('yields the same events however the bytes are split, CRLF and comments included', () => {
    const whole = new SseParser().push(STREAM);
    expect(whole).toEqual(['{"a":1}', 'line1\nline2', '[DONE]']);
    for (let size = 1; size < 8; size++) {
      const p = new SseParser();
      const got: string[] = [];
      for (let i = 0; i < STREAM.length; i += size) got.push(...p.push(STREAM.slice(i, i + size)));
      got.push(...p.end());
      expect(got).toEqual(whole);
    }
  });

  it('keeps a final event that lacks the closing blank line', () => {
    const p = new SseParser();
    expect(p.push('data: last')).toEqual([]);
    expect(p.end()).toEqual(['last']);
  });
});

describe('StopFilter', () => {
  it('never shows text of a stop string split across deltas', () => {
    const f = new StopFilter(['<tool_response>']);
    const shown = ['answer <tool', '_resp', 'onse> junk'].map((d) => f.push(d)).join('');
    expect(shown).toBe('answer ');
    expect(f.stopped).toBe(true);
    expect(f.text).toBe('answer ');
  });

  it('releases a held-back tail that turned out not to be a stop string', () => {
    const f = new StopFilter(['<tool_response>']);
    expect(f.push('a <to')).toBe('a ');
    expect(f.push('p>')).toBe('<top>');
    expect(f.push(' <t')).toBe(' ');
    expect(f.flush()).toBe('<t');
    expect(f.text).toBe('a <top> <t');
  });
});
