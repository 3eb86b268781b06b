import { describe, expect, it } from 'vitest';
import { ggufVariants, quantOf } from '../../../../src/llm/hub/gguf-variants';
import { listRepo, resolveUrl } from '../../../../src/llm/hub/hub-client';
import { chooseQuant, type DeviceBudget, deviceBudget } from '../../../../src/llm/hub/quant-choice';
import type { WebGpuProbe } from '../../../../src/llm/webgpu-probe';

const GB = 1024 ** 3;
const sha = 'ab'.repeat(32);

/** A DR-Venus-like repo listing as Hugging Face answers `?blobs=true`. */
const listing = {
  _id: 'x',
  id: 'inclusionAI/DR-Venus-4B-RL-GGUF',
  sha: '0123456789abcdef0123456789abcdef01234567',
  siblings: [
    { rfilename: '.gitattributes', size: 1600 },
    { rfilename: 'README.md', size: 3000 },
    { rfilename: 'DR-Venus-4B-RL-Q2_K.gguf', size: 1.67e9, lfs: { sha256: sha, size: 1.67e9 } },
    { rfilename: 'DR-Venus-4B-RL-Q3_K_M.gguf', size: 2.08e9, lfs: { sha256: sha, size: 2.08e9 } },
    { rfilename: 'DR-Venus-4B-RL-Q4_K_M.gguf', size: 2.5e9, lfs: { sha256: sha, size: 2.5e9 } },
    { rfilename: 'DR-Venus-4B-RL-Q8_0.gguf', size: 4.28e9, lfs: { sha256: sha, size: 4.28e9 } },
    { rfilename: 'F16/DR-Venus-4B-RL-F16-00001-of-00002.gguf', size: 4e9, lfs: { sha256: sha, size: 4e9 } },
    {
      rfilename: 'F16/DR-Venus-4B-RL-F16-00002-of-00002.gguf',
      size: 4.05e9,
      lfs: { sha256: sha, size: 4.05e9 },
    },
    { rfilename: 'half/x-Q5_K_M-00001-of-00003.gguf', size: 1e9 },
    { rfilename: 'mmproj-F16.gguf', size: 6e8 },
  ],
};

const fetchJson = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('hub file list', () => {
  it('reads files, sizes, checksums and the commit from the model API', async () => {
    const seen: string[] = [];
    const r = await listRepo('https://hub.test/', 'inclusionAI/DR-Venus-4B-RL-GGUF', {
      fetch: async (url) => {
        seen.push(url);
        return fetchJson(200, listing)();
      },
    });
    expect(seen).toEqual(['https://hub.test/api/models/inclusionAI/DR-Venus-4B-RL-GGUF?blobs=true']);
    expect(r.revision).toBe(listing.sha);
    expect(r.files.find((f) => f.name === 'DR-Venus-4B-RL-Q4_K_M.gguf')).toEqual({
      name: 'DR-Venus-4B-RL-Q4_K_M.gguf',
      size: 2.5e9,
      sha256: sha,
    });
    expect(resolveUrl('https://hub.test', 'o/r', r.revision, 'F16/a b.gguf')).toBe(
      `https://hub.test/o/r/resolve/${listing.sha}/F16/a%20b.gguf`,
    );
  });

  it('says clearly when the hub cannot be reached, has no such repo, or answers nonsense', async () => {
    const offline = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(listRepo('https://huggingface.co', 'a/b', { fetch: offline })).rejects.toThrow(
      /Cannot reach the model hub at https:\/\/huggingface\.co to list a\/b's files/,
    );
    await expect(listRepo('https://hub.test', 'a/b', { fetch: fetchJson(404, {}) })).rejects.toThrow(
      /no model repo named a\/b/,
    );
    await expect(listRepo('https://hub.test', 'a/b', { fetch: fetchJson(403, {}) })).rejects.toThrow(
      /private or gated/,
    );
    await expect(
      listRepo('https://hub.test', 'a/b', { fetch: fetchJson(200, { hello: 1 }) }),
    ).rejects.toThrow(/not a model file list/);
    await expect(listRepo('https://hub.test', '../etc', { fetch: fetchJson(200, listing) })).rejects.toThrow(
      /not a model repo name/,
    );
  });
});

describe('GGUF variants', () => {
  it('groups single files and complete shard sets, labelled by quantisation, skipping projectors', () => {
    const files = listing.siblings.map((s) => ({ name: s.rfilename, size: s.size }));
    const v = ggufVariants(files);
    expect(v.map((x) => x.quant)).toEqual(['Q2_K', 'Q3_K_M', 'Q4_K_M', 'Q8_0', 'F16']);
    const f16 = v.find((x) => x.quant === 'F16');
    expect(f16?.files.map((f) => f.name)).toEqual([
      'F16/DR-Venus-4B-RL-F16-00001-of-00002.gguf',
      'F16/DR-Venus-4B-RL-F16-00002-of-00002.gguf',
    ]);
    expect(f16?.totalBytes).toBe(8.05e9);
    expect(quantOf('model.Q4_K_M.gguf')).toBe('Q4_K_M');
    expect(quantOf('qwen3-4b-iq4_xs.gguf')).toBe('IQ4_XS');
    expect(quantOf('tiny.gguf')).toBe('TINY');
  });
});

describe('quantisation for the device', () => {
  const variants = ggufVariants(listing.siblings.map((s) => ({ name: s.rfilename, size: s.size })));
  const kv = 147_456; // Qwen3-4B: 36 layers × 8 KV heads × 128 × K and V × 2 bytes
  const budget = (gb: number): DeviceBudget => ({
    bytes: gb * GB,
    source: `${gb} GB test budget`,
    gpu: false,
  });

  it('prefers Q4_K_M when it fits, and says why', () => {
    const c = chooseQuant(variants, budget(9.6), { kvBytesPerToken: kv, contextWindow: 8192 });
    expect(c.variant?.quant).toBe('Q4_K_M');
    expect(c.reason).toMatch(
      /^Q4_K_M: needs about 3\.8 GB .*8192-token window.*9\.6 GB test budget allows about 9\.6 GB/,
    );
  });

  it('falls back to a smaller file when memory is short, and to none when even that does not fit', () => {
    const smaller = chooseQuant(variants, budget(3.5), { kvBytesPerToken: kv, contextWindow: 8192 });
    expect(smaller.variant?.quant).toBe('Q3_K_M');
    expect(smaller.reason).toMatch(/Q4_K_M would need about 3\.8 GB, more than that/);
    // A bigger window needs more cache: the same device then only fits Q2_K.
    expect(
      chooseQuant(variants, budget(3.5), { kvBytesPerToken: kv, contextWindow: 10240 }).variant?.quant,
    ).toBe('Q2_K');
    const none = chooseQuant(variants, budget(2), { kvBytesPerToken: kv, contextWindow: 8192 });
    expect(none.variant).toBeNull();
    expect(none.reason).toMatch(/Even the smallest file \(Q2_K\) needs about 3\.1 GB/);
  });

  it('takes a larger quantisation only when the repo has nothing at Q4 or below, and honours a choice', () => {
    const big = variants.filter((v) => v.quant === 'Q8_0' || v.quant === 'F16');
    expect(chooseQuant(big, budget(64), { kvBytesPerToken: kv, contextWindow: 8192 }).variant?.quant).toBe(
      'Q8_0',
    );
    const chosen = chooseQuant(variants, budget(2), {
      kvBytesPerToken: kv,
      contextWindow: 8192,
      preferred: 'q8_0',
    });
    expect(chosen.variant?.quant).toBe('Q8_0');
    expect(chosen.reason).toMatch(/your choice, needs .* it may not load/);
  });

  it('budgets from device memory, or from a real GPU’s limits', () => {
    const probe: WebGpuProbe = {
      available: false,
      vendor: '',
      architecture: '',
      software: false,
      features: { shaderF16: false },
      limits: { maxBufferSize: 0, maxStorageBufferBindingSize: 0 },
      deviceMemoryGb: 8,
    };
    expect(deviceBudget(probe)).toMatchObject({
      bytes: 8 * GB * 0.6,
      gpu: false,
      source: '8 GB of device memory',
    });
    const gpu = deviceBudget({
      ...probe,
      available: true,
      vendor: 'nvidia',
      deviceMemoryGb: 32,
      limits: { maxBufferSize: 4 * GB, maxStorageBufferBindingSize: 4 * GB },
    });
    expect(gpu.gpu).toBe(true);
    expect(gpu.bytes).toBe(32 * GB * 0.6);
    const swift = deviceBudget({ ...probe, available: true, software: true, architecture: 'swiftshader' });
    expect(swift.gpu).toBe(false);
  });
});
