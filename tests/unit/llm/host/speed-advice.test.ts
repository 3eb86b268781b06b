import { describe, expect, it } from 'vitest';
import { localServerAdvice, SLOW_TOKENS_PER_SECOND } from '../../../../src/llm/host/speed-advice';

describe('when to advise a local model server', () => {
  it('puts the line at what a 200-step run writes in an hour', () => {
    expect(SLOW_TOKENS_PER_SECOND).toBeCloseTo(13.3, 1);
  });

  it('advises it for a slow model on the CPU or a software GPU, with the figure and a long run in hours', () => {
    expect(localServerAdvice({ engine: 'wllama', runsOn: 'cpu', decodeTokensPerSecond: 3.04 })).toEqual({
      tokensPerSecond: 3,
      longRunHours: 4.5,
    });
    expect(
      localServerAdvice({ engine: 'web-llm', runsOn: 'software-gpu', decodeTokensPerSecond: 12.6 }),
    ).toEqual({ tokensPerSecond: 13, longRunHours: 1 });
  });

  it('says nothing when nothing was measured, the model is fast enough, on a real GPU, or for a server', () => {
    expect(localServerAdvice({ engine: 'wllama', runsOn: 'cpu' })).toBeNull();
    expect(localServerAdvice({ engine: 'wllama', runsOn: 'cpu', decodeTokensPerSecond: 20 })).toBeNull();
    expect(localServerAdvice({ engine: 'wllama', runsOn: 'gpu', decodeTokensPerSecond: 3 })).toBeNull();
    expect(localServerAdvice({ engine: 'openai', runsOn: 'cpu', decodeTokensPerSecond: 3 })).toBeNull();
    expect(localServerAdvice({ engine: 'wllama', decodeTokensPerSecond: 3 })).toBeNull();
    expect(localServerAdvice(null)).toBeNull();
  });
});
