import { describe, expect, it } from 'vitest';
import { createClient } from '../../../src/messaging/client';
import { BRAND } from '../../../src/messaging/envelope';
import { serve } from '../../../src/messaging/server';
import { fakeRuntime } from './fake-transport';

describe('typed messaging', () => {
  it('answers a request with its typed response', async () => {
    const rt = fakeRuntime();
    serve(rt.transport, 'background', {
      'background.ping': () => ({ context: 'background', version: '1.2.3', startedAt: 5 }),
    });
    const res = await createClient(rt.transport).send('background.ping', {});
    expect(res).toEqual({ context: 'background', version: '1.2.3', startedAt: 5 });
  });

  it('rethrows a handler error on the caller side with its message and hint', async () => {
    const rt = fakeRuntime();
    serve(rt.transport, 'offscreen', {
      'offscreen.engineLoad': () => {
        throw Object.assign(new Error('No WebGPU adapter'), { code: 'no-webgpu', hint: 'Use wllama on CPU' });
      },
    });
    const err = await createClient(rt.transport)
      .send('offscreen.engineLoad', {})
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ message: 'No WebGPU adapter', code: 'no-webgpu', hint: 'Use wllama on CPU' });
  });

  it('rejects a payload that fails the schema without calling the handler', async () => {
    const rt = fakeRuntime();
    let called = false;
    serve(rt.transport, 'offscreen', {
      'offscreen.researchStart': () => {
        called = true;
        return { sessionId: 's' };
      },
    });
    const client = createClient(rt.transport);
    // An empty question is not a question.
    await expect(client.send('offscreen.researchStart', { question: '   ', origin: 'ask' })).rejects.toThrow(
      /Invalid offscreen.researchStart request: question/,
    );
    const bad = { question: 'q', origin: 'somewhere' } as unknown as Parameters<
      typeof client.send<'offscreen.researchStart'>
    >[1];
    await expect(client.send('offscreen.researchStart', bad)).rejects.toThrow(/origin/);
    expect(called).toBe(false);
  });

  it('refuses messages from a foreign sender', async () => {
    const rt = fakeRuntime();
    let called = false;
    serve(rt.transport, 'background', {
      'background.ping': () => {
        called = true;
        return { context: 'background', version: '1', startedAt: 1 };
      },
    });
    await expect(createClient(rt.foreign).send('background.ping', {})).rejects.toThrow(/Foreign sender/);
    expect(called).toBe(false);
  });

  it('ignores unbranded messages and messages for another context', async () => {
    const rt = fakeRuntime();
    serve(rt.transport, 'background', {
      'background.ping': () => ({ context: 'background', version: '1', startedAt: 1 }),
    });
    await expect(rt.transport.sendMessage({ type: 'background.ping' })).rejects.toThrow(/Receiving end/);
    await expect(
      rt.transport.sendMessage({
        brand: BRAND,
        id: '1',
        target: 'offscreen',
        type: 'offscreen.ping',
        payload: {},
      }),
    ).rejects.toThrow(/Receiving end/);
  });

  it('creates the offscreen document and retries once when nobody answers', async () => {
    const rt = fakeRuntime();
    let ensured = 0;
    const client = createClient(rt.transport, {
      ensureOffscreen: async () => {
        ensured += 1;
        serve(rt.transport, 'offscreen', {
          'offscreen.researchActive': () => ({ sessionIds: ['a'] }),
        });
      },
    });
    await expect(client.send('offscreen.researchActive', {})).resolves.toEqual({ sessionIds: ['a'] });
    expect(ensured).toBe(1);
  });
});
