import { describe, expect, it } from 'vitest';
import { readStepResult } from '../../../src/agent/read-step-result';
import type { StepRecord } from '../../../src/store';
import { stepFromRecord, stepToRecord } from '../../../src/store/step-codec';
import { sampleSteps, visitStep } from '../export/sample-session';
import { freshStore } from './helpers';

const page = {
  url: 'https://a.example/x',
  title: 'A',
  ok: true,
  evidence: 'Evidence.',
  summary: 'Summary.',
  finalUrl: 'https://a.example/y',
  readAt: 1_700_000_000_000,
  via: 'new-tab' as const,
};

describe('step records', () => {
  it('keep a step’s results through IndexedDB', async () => {
    const store = await freshStore();
    const steps = [...sampleSteps(), visitStep(4, 'g', [page])];
    for (const s of steps) await store.steps.put(stepToRecord('s1', s));
    const back = (await store.steps.listForSession('s1')).map(stepFromRecord);
    expect(back).toEqual(steps);
    expect(back[4]?.result).toEqual({ tool: 'visit', goal: 'g', pages: [page] });
    store.close();
  });

  it('load a step saved before results were kept, and read its results from the text', async () => {
    const store = await freshStore();
    const step = visitStep(0, 'g', [page]);
    const { result: _dropped, ...old } = stepToRecord('s1', step);
    await store.steps.put(old as StepRecord);
    const [back] = (await store.steps.listForSession('s1')).map(stepFromRecord);
    if (!back) throw new Error('step missing');
    expect(back.result).toBeNull();
    expect(back.observation).toBe(step.observation);
    expect(readStepResult(back)).toEqual({
      tool: 'visit',
      goal: 'g',
      pages: [{ url: page.url, title: 'A', ok: true, evidence: 'Evidence.', summary: 'Summary.' }],
    });
    store.close();
  });

  it('load a step whose stored results are malformed without them, losing nothing else', async () => {
    const store = await freshStore();
    const step = visitStep(0, 'g', [page]);
    await store.steps.put({ ...stepToRecord('s1', step), result: { tool: 'visit', pages: 'nope' } });
    const [back] = (await store.steps.listForSession('s1')).map(stepFromRecord);
    expect(back).toEqual({ ...step, result: null });
    store.close();
  });
});
