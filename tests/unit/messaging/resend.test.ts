import { describe, expect, it } from 'vitest';
import { resendIfCutOff, wasCutOff } from '../../../src/messaging/resend';

describe('resending a request whose answering context died', () => {
  it('sends again when Chrome says the channel closed, and only then', async () => {
    let calls = 0;
    const value = await resendIfCutOff(async () => {
      calls += 1;
      if (calls === 1)
        throw new Error(
          'A listener indicated an asynchronous response by returning true, but the message channel closed before a response was received',
        );
      return 'read';
    });
    expect(value).toBe('read');
    expect(calls).toBe(2);
    expect(wasCutOff(new Error('The message port closed before a response was received.'))).toBe(true);
    let other = 0;
    await expect(
      resendIfCutOff(async () => {
        other += 1;
        throw new Error('The page could not be read.');
      }),
    ).rejects.toThrow(/could not be read/);
    expect(other).toBe(1);
  });

  it('gives up after a few tries, and not at all once the run is stopped', async () => {
    let calls = 0;
    const cut = async () => {
      calls += 1;
      throw new Error('The message port closed before a response was received.');
    };
    await expect(resendIfCutOff(cut)).rejects.toThrow(/port closed/);
    expect(calls).toBe(3);
    calls = 0;
    await expect(resendIfCutOff(cut, AbortSignal.abort())).rejects.toThrow(/port closed/);
    expect(calls).toBe(1);
  });
});
