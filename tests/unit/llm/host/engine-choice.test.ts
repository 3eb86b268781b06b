import { describe, expect, it } from 'vitest';
import { writeManifest } from '../../../../src/llm/download/manifest';
import { createModelLibrary } from '../../../../src/llm/download/model-library';
import { EngineError } from '../../../../src/llm/engine';
import { createEngineChooser } from '../../../../src/llm/host/engine-choice';
import { createEngineHost } from '../../../../src/llm/host/engine-host';
import type { WebGpuProbe } from '../../../../src/llm/webgpu-probe';
import { qwen3Catalog } from '../../../../src/llm/webllm/catalog';
import { DEFAULT_SETTINGS, type Settings } from '../../../../src/settings/schema';
import { memoryStore } from '../download/fakes';

const record = (id: string, vram: number) => ({
  model: `https://hf.co/mlc-ai/${id}`,
  model_id: id,
  model_lib: `${id}.wasm`,
  vram_required_MB: vram,
});
const catalog = qwen3Catalog([
  record('Qwen3-0.6B-q4f16_1-MLC', 1400),
  record('Qwen3-0.6B-q4f32_1-MLC', 1900),
  record('Qwen3-4B-q4f32_1-MLC', 5000),
]);
const noGpu: WebGpuProbe = {
  available: false,
  reason: 'This browser exposes no WebGPU adapter.',
  vendor: '',
  architecture: '',
  software: false,
  features: { shaderF16: false },
  limits: { maxBufferSize: 0, maxStorageBufferBindingSize: 0 },
  deviceMemoryGb: 16,
};
const swiftshader: WebGpuProbe = {
  ...noGpu,
  available: true,
  reason: undefined as unknown as string,
  vendor: 'google',
  architecture: 'swiftshader',
  software: true,
  limits: { maxBufferSize: 1 << 30, maxStorageBufferBindingSize: 1 << 27 },
};

const REPO = 'inclusionAI/DR-Venus-4B-RL-GGUF';
const listing = {
  sha: 'c0ffee',
  siblings: [
    { rfilename: 'DR-Venus-4B-RL-Q2_K.gguf', size: 1.67e9, lfs: { sha256: 'a'.repeat(64), size: 1.67e9 } },
    { rfilename: 'DR-Venus-4B-RL-Q4_K_M.gguf', size: 2.5e9, lfs: { sha256: 'b'.repeat(64), size: 2.5e9 } },
  ],
};

function world(opts: { probe?: WebGpuProbe; online?: boolean; browser?: 'chromium' | 'firefox' } = {}) {
  const store = memoryStore();
  const asked: string[] = [];
  const fetch = async (url: string) => {
    asked.push(url);
    if (opts.online === false) throw new TypeError('Failed to fetch');
    if (url.endsWith(`/api/models/${REPO}?blobs=true`)) return new Response(JSON.stringify(listing));
    if (url.includes('/api/models/')) return new Response('{}', { status: 404 });
    return new Response(new Uint8Array(10), {
      status: 206,
      headers: { 'content-range': 'bytes 0-0/123456789' },
    });
  };
  const library = createModelLibrary({ store, fetch });
  const choose = createEngineChooser({
    wasmUrl: 'chrome-extension://x/wllama/wllama.wasm',
    probe: async () => opts.probe ?? noGpu,
    catalog: async () => catalog,
    secret: async () => undefined,
    library,
    fetch,
    threads: () => 4,
    webllmCached: async () => false,
    jspi: () => true,
    browser: opts.browser ?? 'chromium',
  });
  return { store, asked, library, choose };
}

const settings = (over: Partial<Settings> = {}): Settings => ({
  ...DEFAULT_SETTINGS,
  hubUrl: 'https://hub.test',
  ...over,
});

describe('engine choice', () => {
  it('without WebGPU, says so and points to wllama or a server', async () => {
    const err = await world()
      .choose(settings({ engine: 'web-llm', webllmModel: '' }))
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'no-webgpu' });
    expect(String((err as { hint?: string }).hint)).toMatch(/wllama|server/i);
  });

  it('asks for a model name before using a model server', async () => {
    const err = await world()
      .choose(settings({ engine: 'openai', openaiModel: ' ' }))
      .catch((e: unknown) => e);
    expect(String((err as Error).message)).toMatch(/No model name/);
  });

  it('GGUF: lists the DR-Venus repo on the hub, picks Q4_K_M for this device, and says why', async () => {
    const w = world();
    const c = await w.choose(settings({ engine: 'wllama', wllamaModelUrl: '' }));
    expect(w.asked).toEqual([`https://hub.test/api/models/${REPO}?blobs=true`]);
    expect(c).toMatchObject({
      kind: 'wllama',
      profile: 'dr-venus',
      label: 'DR-Venus 4B RL Q4_K_M',
      downloadBytes: 2.5e9,
      threads: 4,
      backend: 'cpu',
    });
    expect(c.reason).toMatch(/Q4_K_M: needs about .* 16 GB of device memory allows about 9\.6 GB/);
    const other = await w.choose(
      settings({ engine: 'wllama', wllamaModelUrl: 'https://example.org/m.gguf' }),
    );
    expect(other.key).not.toBe(c.key);
    expect(other).toMatchObject({ profile: 'general', downloadBytes: 123456789 });
    expect(other.notice).toMatch(/not trained on Sleuth's research protocol/);
  });

  it('GGUF backend: CPU on SwiftShader (no shader-f16), saying why, even when WebGPU is asked for; threads as set', async () => {
    const w = world({ probe: swiftshader });
    expect((await w.choose(settings({ engine: 'wllama' }))).backend).toBe('cpu');
    const forced = await w.choose(settings({ engine: 'wllama', wllamaBackend: 'webgpu', wllamaThreads: 1 }));
    expect(forced).toMatchObject({ backend: 'cpu', threads: 1 });
    expect(forced.backendReason).toMatch(/^CPU: WebGPU adapter lacks shader-f16/);
    expect(forced.reason).toMatch(
      /WebGPU cannot be used here, so it runs on the CPU: WebGPU adapter lacks shader-f16/,
    );
    const gpu = {
      ...swiftshader,
      vendor: 'nvidia',
      architecture: 'ada',
      software: false,
      features: { shaderF16: true },
    };
    const real = await world({ probe: gpu }).choose(settings({ engine: 'wllama' }));
    expect(real).toMatchObject({ backend: 'webgpu', backendReason: 'WebGPU on nvidia ada.' });
    // The same adapter in Firefox: CPU by default, with a cause the views word; WebGPU when asked.
    const firefox = world({ probe: gpu, browser: 'firefox' });
    const onFirefox = await firefox.choose(settings({ engine: 'wllama' }));
    expect(onFirefox).toMatchObject({
      backend: 'cpu',
      backendCause: { code: 'firefox-webgpu', params: { adapter: 'nvidia ada' } },
    });
    expect(onFirefox.key).not.toBe(real.key);
    expect((await firefox.choose(settings({ engine: 'wllama', wllamaBackend: 'webgpu' }))).backend).toBe(
      'webgpu',
    );
    const none = await world().choose(settings({ engine: 'wllama', wllamaBackend: 'webgpu' }));
    expect(none.backend).toBe('cpu');
    expect(none.reason).toMatch(/WebGPU cannot be used here, so it runs on the CPU: no WebGPU adapter/);
  });

  it('a run start asks the hub for the file list once: the profile lookup and the load share it', async () => {
    const w = world();
    const host = createEngineHost({ choose: w.choose, onStatus: () => undefined });
    const s = settings({ engine: 'auto' });
    // As the runner does: the model's profile first, then the engine (not stored: needs a download).
    expect((await w.choose(s)).profile).toBe('dr-venus');
    await host.ensure(s).catch(() => undefined);
    await host.plan(s);
    expect(w.asked.filter((u) => u.includes('/api/models/'))).toEqual([
      `https://hub.test/api/models/${REPO}?blobs=true`,
    ]);
  });

  it('Auto picks the DR-Venus GGUF where it fits, with the dr-venus profile', async () => {
    const c = await world().choose(settings({ engine: 'auto' }));
    expect(c).toMatchObject({ kind: 'wllama', profile: 'dr-venus', downloadBytes: 2.5e9 });
    expect(c.reason).toMatch(
      /^Auto picked DR-Venus 4B RL, the model trained for this research protocol: Q4_K_M/,
    );
    expect(c.notice).toBeUndefined();
  });

  it('Auto falls back to the web-llm Qwen3 that fits, saying it is not the trained agent, without asking the hub', async () => {
    const w = world({ probe: { ...swiftshader, deviceMemoryGb: 2 } });
    const c = await w.choose(settings({ engine: 'auto' }));
    expect(w.asked).toEqual([]);
    expect(c).toMatchObject({ kind: 'web-llm', profile: 'general', modelId: 'Qwen3-0.6B-q4f32_1-MLC' });
    expect(c.reason).toMatch(
      /DR-Venus 4B RL needs at least about .*; 2 GB of device memory allows about 1\.2 GB/,
    );
    expect(c.notice).toMatch(/not trained on Sleuth's research protocol/);
    expect(c.downloadBytes).toBeGreaterThan(0);
  });

  it('Auto says clearly when the hub cannot be reached', async () => {
    const err = await world({ online: false })
      .choose(settings({ engine: 'auto', hubUrl: 'https://huggingface.co' }))
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'offline' });
    expect(String(err)).toMatch(/Cannot reach the model hub at https:\/\/huggingface\.co/);
  });

  it('Auto uses a stored DR-Venus download without the network', async () => {
    const w = world({ online: false });
    await writeManifest(w.store, 'inclusionAI--DR-Venus-4B-RL-GGUF--Q4_K_M', {
      v: 1,
      label: 'DR-Venus 4B RL Q4_K_M',
      source: { kind: 'hub', repo: REPO, revision: 'c0ffee', quant: 'Q4_K_M' },
      files: [{ name: 'DR-Venus-4B-RL-Q4_K_M.gguf', size: 100 }],
      splitBytes: null,
      shards: [{ name: 'DR-Venus-4B-RL-Q4_K_M.gguf', size: 100 }],
      parts: [],
      at: { file: 1, offset: 0 },
      complete: true,
      updatedAt: 1,
    });
    const c = await w.choose(settings({ engine: 'auto' }));
    expect(c).toMatchObject({ kind: 'wllama', profile: 'dr-venus', downloadBytes: 0 });
    expect(w.asked).toEqual([]);
  });

  it('a chosen web-llm model is used as is, even without probing', async () => {
    const c = await world().choose(settings({ engine: 'web-llm', webllmModel: 'Qwen3-4B-q4f32_1-MLC' }));
    expect(c.modelId).toBe('Qwen3-4B-q4f32_1-MLC');
    expect(c.kind).toBe('web-llm');
  });

  it('the engine host downloads nothing until a person asks for it', async () => {
    const w = world();
    const host = createEngineHost({ choose: w.choose, onStatus: () => undefined });
    const err = await host.ensure(settings({ engine: 'auto' })).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'needs-download' });
    expect(String(err)).toMatch(/DR-Venus 4B RL Q4_K_M must be downloaded first \(2\.3 GB\)/);
    expect(host.status().state).toBe('not-loaded');
    expect(w.asked.filter((u) => u.includes('/resolve/'))).toEqual([]);
  });

  it('a model that cannot be chosen (hub unreachable) shows as a failed load, with its hint', async () => {
    const host = createEngineHost({
      choose: async () => {
        throw new EngineError('offline', 'Cannot reach the model hub at https://huggingface.co.', 'Check.');
      },
      onStatus: () => undefined,
    });
    const err = await host.ensure(settings({ engine: 'auto' })).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'offline' });
    expect(host.status()).toMatchObject({
      state: 'error',
      error: { message: 'Cannot reach the model hub at https://huggingface.co.', hint: 'Check.' },
    });
  });

  it('a cancelled load leaves the engine not loaded, not failed', async () => {
    const statuses: string[] = [];
    const host = createEngineHost({
      choose: async () => ({
        key: 'k',
        kind: 'wllama',
        modelId: 'm',
        profile: 'general',
        create: () => ({
          load: (_id, o) =>
            new Promise<void>((_ok, bad) =>
              o?.signal?.addEventListener('abort', () => bad(new DOMException('x', 'AbortError'))),
            ),
          chat: async () => {
            throw new Error('unused');
          },
          unload: async () => undefined,
          info: () => ({ kind: 'wllama', modelId: null, loaded: false, contextWindow: 0 }),
        }),
      }),
      onStatus: (s) => statuses.push(s.state),
    });
    const loading = host.ensure(settings(), undefined, { download: true }).catch((e: unknown) => e);
    await new Promise((ok) => setTimeout(ok, 10));
    await host.unload();
    expect(await loading).toMatchObject({ name: 'AbortError' });
    expect(host.status().state).toBe('not-loaded');
    expect(statuses).not.toContain('error');
  });
});

describe('where the chosen model computes (the speed advice depends on it)', () => {
  it('wllama on SwiftShader computes on the CPU, web-llm on a software GPU, a model server not here', async () => {
    const { choose } = world({ probe: swiftshader });
    const on = async (s: Partial<Settings>) => (await choose({ ...DEFAULT_SETTINGS, ...s })).runsOn;
    expect(await on({ engine: 'wllama', wllamaModelUrl: 'https://x.org/m.gguf' })).toBe('cpu');
    expect(await on({ engine: 'web-llm', webllmModel: 'Qwen3-0.6B-q4f32_1-MLC' })).toBe('software-gpu');
    expect(await on({ engine: 'openai', openaiModel: 'qwen3:4b' })).toBeUndefined();
  });
});
