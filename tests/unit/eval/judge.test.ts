import { describe, expect, it } from 'vitest';
import { exactJudge, JudgeFailure, llmJudge } from '../../../scripts/eval/judge';
import { buildJudgePrompt, parseJudgeReply, parseJudgeTemplate } from '../../../scripts/eval/judge-prompt';
import { ScriptedEngine } from '../../../scripts/lib/scripted-engine';
import { EngineError } from '../../../src/llm/engine';

const signal = new AbortController().signal;
const instant = { retries: 2, baseDelayMs: 0 };

describe('judge replies', () => {
  it('reads yes and no verdicts with their answer and confidence', () => {
    expect(
      parseJudgeReply('extracted_final_answer: Paris\nreasoning: same city\ncorrect: yes\nconfidence: 90%'),
    ).toEqual({ verdict: 'yes', extracted: 'Paris', confidence: 90 });
    expect(
      parseJudgeReply('extracted_final_answer: None\nreasoning: no answer\ncorrect: no\nconfidence: 100'),
    ).toEqual({
      verdict: 'no',
      extracted: 'None',
      confidence: 100,
    });
  });

  it('tolerates markdown decoration, case and a thinking block', () => {
    expect(parseJudgeReply('**correct**: **Yes**').verdict).toBe('yes');
    expect(parseJudgeReply('- Correct: no.').verdict).toBe('no');
    expect(parseJudgeReply('<think>correct: yes?</think>\ncorrect: no').verdict).toBe('no');
  });

  it('gives no verdict for malformed replies', () => {
    expect(parseJudgeReply('I think the response is right.').verdict).toBeNull();
    expect(parseJudgeReply('correct: maybe').verdict).toBeNull();
    expect(parseJudgeReply('The response is not correct: yes, it lacks detail').verdict).toBeNull();
    expect(parseJudgeReply('<think>correct: yes').verdict).toBeNull();
  });

  it('builds a prompt with the question, response and correct answer', () => {
    const p = buildJudgePrompt({ question: 'Q?', response: 'R.', correctAnswer: 'A' });
    expect(p).toContain('[question]: Q?');
    expect(p).toContain('[response]: R.');
    expect(p).toContain('[correct_answer]: A');
    expect(p).toMatch(/^correct: yes if/m);
  });
});

describe('judges', () => {
  it('exact: normalised equality, empty answers incorrect, aliases accepted', async () => {
    const j = exactJudge();
    expect(await j({ question: 'q', gold: 'Paris', prediction: '**“Paris.”**' }, signal)).toEqual({
      correct: true,
      raw: null,
      by: 'exact',
    });
    // Containing the gold words is not being the answer.
    expect((await j({ question: 'q', gold: 'Paris', prediction: 'It is **Paris**.' }, signal)).correct).toBe(
      false,
    );
    expect((await j({ question: 'q', gold: 'Paris', prediction: '' }, signal)).by).toBe('empty');
    expect(
      (await j({ question: 'q', gold: 'Paris', aliases: ['Lutetia'], prediction: 'Lutetia' }, signal))
        .correct,
    ).toBe(true);
  });

  it('llm: only equal answers and empty answers skip the judge model', async () => {
    const engine = new ScriptedEngine(['correct: no']);
    const j = llmJudge(engine, instant);
    expect((await j({ question: 'q', gold: 'Ellen Fetter', prediction: '*ellen fetter*' }, signal)).by).toBe(
      'exact-shortcut',
    );
    expect((await j({ question: 'q', gold: 'x', prediction: null }, signal)).correct).toBe(false);
    expect(engine.callCount).toBe(0);
  });

  // The three answers the old containment shortcut passed without asking (issue 28).
  it.each([
    ['It is not Paris; the answer is Lyon', 'Paris'],
    ['Candidates: Marie Curie or Lise Meitner', 'Marie Curie'],
    ['On 12 March 1950 the storm killed 3 people and destroyed 40 homes.', '3'],
  ])('llm: "%s" for gold %s goes to the judge, whose "no" makes it wrong', async (prediction, gold) => {
    const engine = new ScriptedEngine(['extracted_final_answer: None\nreasoning: no\ncorrect: no']);
    const j = llmJudge(engine, instant);
    const verdict = await j({ question: 'q', gold, prediction }, signal);
    expect(verdict).toMatchObject({ correct: false, by: 'llm' });
    expect(engine.callCount).toBe(1);
    expect((await exactJudge()({ question: 'q', gold, prediction }, signal)).correct).toBe(false);
  });

  it('llm: a prompt template from a file is filled and sent as written', async () => {
    const template = parseJudgeTemplate(
      'Q={question}\nR={response}\nA={correct_answer}\nSay correct: yes|no',
    );
    if (typeof template === 'string') throw new Error(template);
    const engine = new ScriptedEngine(['correct: yes']);
    const j = llmJudge(engine, instant, { template });
    expect(
      (await j({ question: 'Who?', gold: 'Paris', prediction: 'Lutèce {question}' }, signal)).correct,
    ).toBe(true);
    expect(engine.requests[0]?.[0]?.content).toBe(
      'Q=Who?\nR=Lutèce {question}\nA=Paris\nSay correct: yes|no',
    );
    expect(parseJudgeTemplate('Grade {response} against {correct_answer}')).toBe(
      'the judge prompt has no {question} (it needs all three)',
    );
  });

  it('llm: the verdict decides, malformed is incorrect, the raw text is kept', async () => {
    const engine = new ScriptedEngine(['extracted_final_answer: Lutèce\ncorrect: yes', 'no idea']);
    const j = llmJudge(engine, instant);
    expect(await j({ question: 'q', gold: 'Paris', prediction: 'Lutèce' }, signal)).toEqual({
      correct: true,
      raw: 'extracted_final_answer: Lutèce\ncorrect: yes',
      by: 'llm',
    });
    expect(await j({ question: 'q', gold: 'Paris', prediction: 'London' }, signal)).toEqual({
      correct: false,
      raw: 'no idea',
      by: 'llm',
    });
    expect(engine.requests[0]?.[0]?.content).toContain('[correct_answer]: Paris');
  });

  it('llm: a reply cut off before its verdict fails the judgement', async () => {
    const engine = new ScriptedEngine([`extracted_final_answer: London\nreasoning: ${'long '.repeat(200)}`]);
    const j = llmJudge(engine, instant, { maxTokens: 64 });
    await expect(j({ question: 'q', gold: 'Paris', prediction: 'London' }, signal)).rejects.toThrow(
      /cut off at 64 tokens/,
    );
  });

  it('llm: a failing judge server is retried, then the judgement fails instead of counting as wrong', async () => {
    let calls = 0;
    const failing = new ScriptedEngine(() => {
      calls++;
      throw new EngineError('server-error', 'HTTP 500');
    });
    const j = llmJudge(failing, instant);
    await expect(j({ question: 'q', gold: 'Paris', prediction: 'London' }, signal)).rejects.toBeInstanceOf(
      JudgeFailure,
    );
    expect(calls).toBe(3);
  });
});
