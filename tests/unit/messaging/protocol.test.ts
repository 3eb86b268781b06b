import { describe, expect, it } from 'vitest';
import { createClient } from '../../../src/messaging/client';
import { BRAND } from '../../../src/messaging/envelope';
import { composeHandlers } from '../../../src/messaging/handlers';
import { serve } from '../../../src/messaging/server';
import { fakeRuntime } from './fake-transport';

const ping = () => ({ context: 'router' as const, version: '1.2.3', startedAt: 5 });

describe('typed messaging', () => {
  it('answers a request with its typed response', async () => {
    const rt = fakeRuntime();
    serve(rt.transport, composeHandlers({ 'router.ping': ping }));
    const res = await createClient(rt.transport).send('router.ping', {});
    expect(res).toEqual({ context: 'router', version: '1.2.3', startedAt: 5 });
  });

  it('rethrows a handler error on the caller side with its message and hint', async () => {
    const rt = fakeRuntime();
    serve(
      rt.transport,
      composeHandlers({
        'engine.load': () => {
          throw Object.assign(new Error('No WebGPU adapter'), {
            code: 'no-webgpu',
            hint: 'Use wllama on CPU',
          });
        },
      }),
    );
    const err = await createClient(rt.transport)
      .send('engine.load', {})
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ message: 'No WebGPU adapter', code: 'no-webgpu', hint: 'Use wllama on CPU' });
  });

  it('rejects a payload that fails the schema without calling the handler', async () => {
    const rt = fakeRuntime();
    let called = false;
    serve(
      rt.transport,
      composeHandlers({
        'runner.start': () => {
          called = true;
          return { sessionId: 's' };
        },
      }),
    );
    const client = createClient(rt.transport);
    // An empty question is not a question.
    await expect(client.send('runner.start', { question: '   ', origin: 'ask' })).rejects.toThrow(
      /Invalid runner.start request: question/,
    );
    const bad = { question: 'q', origin: 'somewhere' } as unknown as Parameters<
      typeof client.send<'runner.start'>
    >[1];
    await expect(client.send('runner.start', bad)).rejects.toThrow(/origin/);
    expect(called).toBe(false);
  });

  it('refuses messages from a foreign sender', async () => {
    const rt = fakeRuntime();
    let called = false;
    serve(
      rt.transport,
      composeHandlers({
        'router.ping': () => {
          called = true;
          return ping();
        },
      }),
    );
    await expect(createClient(rt.foreign).send('router.ping', {})).rejects.toThrow(/Foreign sender/);
    expect(called).toBe(false);
  });

  it('ignores unbranded messages and messages this context has no handler for', async () => {
    const rt = fakeRuntime();
    serve(rt.transport, composeHandlers({ 'router.ping': ping }));
    await expect(rt.transport.sendMessage({ type: 'router.ping' })).rejects.toThrow(/Receiving end/);
    await expect(
      rt.transport.sendMessage({ brand: BRAND, id: '1', type: 'engine.ping', payload: {} }),
    ).rejects.toThrow(/Receiving end/);
  });

  it('answers from several composed tables, and refuses a second handler for one message', async () => {
    const rt = fakeRuntime();
    const handlers = composeHandlers(
      { 'router.ping': ping },
      { 'runner.active': () => ({ sessionIds: ['a'] }) },
    );
    serve(rt.transport, handlers);
    const client = createClient(rt.transport);
    await expect(client.send('router.ping', {})).resolves.toMatchObject({ version: '1.2.3' });
    await expect(client.send('runner.active', {})).resolves.toEqual({ sessionIds: ['a'] });
    expect(() => handlers.add({ 'router.ping': ping })).toThrow(/Two handlers for router.ping/);
  });

  it('calls handlers of its own context in-process, validated, without a runtime round trip', async () => {
    const rt = fakeRuntime();
    let sent = 0;
    const transport = {
      ...rt.transport,
      sendMessage: (m: unknown) => {
        sent += 1;
        return rt.transport.sendMessage(m);
      },
    };
    // A background page hosting the router and the runner: the runner's tab reads stay in-process.
    const local = composeHandlers({ 'router.ping': ping }, { 'runner.active': () => ({ sessionIds: [] }) });
    serve(transport, local);
    const client = createClient(transport, { local });
    await expect(client.send('router.ping', {})).resolves.toMatchObject({ context: 'router' });
    await expect(client.send('runner.active', {})).resolves.toEqual({ sessionIds: [] });
    expect(sent).toBe(0);
    // A message for a room hosted elsewhere still goes over the runtime.
    await expect(client.send('runner.stop', { sessionId: 'x' })).rejects.toThrow(/Receiving end/);
    expect(sent).toBe(1);
  });

  it('validates in-process calls like remote ones', async () => {
    const rt = fakeRuntime();
    let called = false;
    const local = composeHandlers({
      'runner.start': () => {
        called = true;
        return { sessionId: 's' };
      },
    });
    const client = createClient(rt.transport, { local });
    await expect(client.send('runner.start', { question: ' ', origin: 'ask' })).rejects.toThrow(
      /Invalid runner.start request: question/,
    );
    expect(called).toBe(false);
  });

  it('wakes the host of a room and retries when nobody answers', async () => {
    const rt = fakeRuntime();
    let ensured = 0;
    const client = createClient(rt.transport, {
      wake: {
        rooms: ['runner'],
        ensure: async () => {
          ensured += 1;
          serve(rt.transport, composeHandlers({ 'runner.active': () => ({ sessionIds: ['a'] }) }));
        },
      },
    });
    await expect(client.send('router.ping', {})).rejects.toThrow(/Receiving end/);
    expect(ensured).toBe(0);
    await expect(client.send('runner.active', {})).resolves.toEqual({ sessionIds: ['a'] });
    expect(ensured).toBe(1);
  });
});
