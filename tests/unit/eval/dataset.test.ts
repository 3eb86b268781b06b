import { describe, expect, it } from 'vitest';
import { itemFromJson, parseJsonl } from '../../../scripts/eval/dataset';

const lines = (...objs: unknown[]) =>
  objs.map((o) => (typeof o === 'string' ? o : JSON.stringify(o))).join('\n');

describe('eval data shapes', () => {
  it("reads Sleuth's own shape, ids as strings, lang kept", () => {
    const r = parseJsonl(
      lines({ id: 7, question: ' Who? ', answer: 'Me', lang: 'en' }, '', {
        id: 'b',
        question: 'Q',
        answer: 42,
      }),
    );
    expect(r).toEqual({
      ok: true,
      items: [
        { id: '7', question: 'Who?', answer: 'Me', aliases: [], lang: 'en' },
        { id: 'b', question: 'Q', answer: '42', aliases: [] },
      ],
    });
  });

  it('reads the DR-Venus SFT trajectory shape (question, gt) and keeps its messages', () => {
    const messages = [
      { role: 'system', content: 's' },
      { role: 'user', content: 'Q' },
    ];
    const item = itemFromJson({ question: 'Q', gt: 'Paul Beneke', messages }, '0000');
    expect(item).toEqual({ id: '0000', question: 'Q', answer: 'Paul Beneke', aliases: [], messages });
  });

  it('reads RL rows: the first user message is the question, ground truths of every form', () => {
    const prompt = [
      { role: 'system', content: 'You are a researcher.' },
      { role: 'user', content: 'Which year?' },
    ];
    expect(itemFromJson({ prompt, reward_model: { ground_truth: '1805' } }, '3')).toMatchObject({
      id: '3',
      question: 'Which year?',
      answer: '1805',
    });
    expect(
      itemFromJson(
        { prompt: [{ content: 'Q' }], reward_model: { ground_truth: ['A', 'B'] }, extra_info: { index: 9 } },
        '1',
      ),
    ).toEqual({ id: '9', question: 'Q', answer: 'A', aliases: ['B'] });
    expect(
      itemFromJson(
        { prompt: [{ role: 'user', content: 'Q' }], reward_model: { ground_truth: { target: ['X'] } } },
        '1',
      ),
    ).toMatchObject({
      answer: 'X',
    });
  });

  it('names the line of every bad record and does not start', () => {
    const r = parseJsonl(
      lines(
        { id: 'a', question: 'Q', answer: 'A' },
        '{"id": "b", "question": ',
        { id: 'c', question: '', answer: 'A' },
        { id: 'd', question: 'Q' },
        { prompt: [], reward_model: { ground_truth: 'x' } },
        { question: 'Q', gt: ['x'] },
        [1, 2],
      ),
      'dev.jsonl line',
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0]).toMatch(/^dev.jsonl line 2 is not valid JSON/);
    expect(r.errors.join('\n')).toMatch(/line 3 is not a question: question must not be empty/);
    expect(r.errors.join('\n')).toMatch(/line 4 is not a question: answer/);
    expect(r.errors.join('\n')).toMatch(/line 5 is not a valid RL row: prompt has no messages/);
    expect(r.errors.join('\n')).toMatch(/line 6 is not a valid trajectory record: gt/);
    expect(r.errors.join('\n')).toMatch(/line 7 is not a JSON object/);
  });

  it('refuses repeated ids and empty files', () => {
    const r = parseJsonl(
      lines({ id: 'a', question: 'Q', answer: 'A' }, { id: 'a', question: 'Q2', answer: 'B' }),
    );
    expect(r).toEqual({ ok: false, errors: ['line 2 repeats the id "a" of line 1'] });
    expect(parseJsonl('\n\n')).toEqual({ ok: false, errors: ['the data file holds no questions'] });
  });

  it('names records without an id by their line', () => {
    const r = parseJsonl(`\n${JSON.stringify({ question: 'Q', answer: 'A' })}`);
    expect(r.ok && r.items[0]?.id).toBe('2');
  });
});
