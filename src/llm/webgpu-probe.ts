/**
 * What the WebGPU adapter offers, in plain data, for model choice and error messages.
 * Never throws: a missing API or adapter is `available: false` with a reason a user can read.
 */

export interface WebGpuProbe {
  available: boolean;
  reason?: string;
  vendor: string;
  architecture: string;
  /** SwiftShader and similar CPU fallbacks: works, but far too slow for big models. */
  software: boolean;
  features: { shaderF16: boolean };
  limits: { maxBufferSize: number; maxStorageBufferBindingSize: number };
  /** navigator.deviceMemory in GB (Chrome caps it at 8), when the browser reports it. */
  deviceMemoryGb?: number;
}

/** The slice of `navigator.gpu` read here, so tests can pass a fake. */
export interface GpuLike {
  requestAdapter(options?: {
    powerPreference?: 'high-performance' | 'low-power';
  }): Promise<AdapterLike | null>;
}
export interface AdapterLike {
  features: { has(name: string): boolean };
  limits: { maxBufferSize: number; maxStorageBufferBindingSize: number };
  info?: { vendor?: string; architecture?: string; description?: string };
}

const NONE: Omit<WebGpuProbe, 'available' | 'reason'> = {
  vendor: '',
  architecture: '',
  software: false,
  features: { shaderF16: false },
  limits: { maxBufferSize: 0, maxStorageBufferBindingSize: 0 },
};

function defaultGpu(): GpuLike | undefined {
  const nav = (globalThis as { navigator?: { gpu?: GpuLike } }).navigator;
  return nav?.gpu;
}

function defaultDeviceMemory(): number | undefined {
  const nav = (globalThis as { navigator?: { deviceMemory?: unknown } }).navigator;
  return typeof nav?.deviceMemory === 'number' ? nav.deviceMemory : undefined;
}

export async function probeWebGpu(
  gpu: GpuLike | undefined = defaultGpu(),
  deviceMemoryGb: number | undefined = defaultDeviceMemory(),
): Promise<WebGpuProbe> {
  const memory = deviceMemoryGb === undefined ? {} : { deviceMemoryGb };
  if (!gpu) {
    return {
      available: false,
      reason: 'This browser does not expose WebGPU (navigator.gpu is missing).',
      ...NONE,
      ...memory,
    };
  }
  let adapter: AdapterLike | null;
  try {
    adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return { available: false, reason: `WebGPU refused to give an adapter: ${why}`, ...NONE, ...memory };
  }
  if (!adapter) {
    return {
      available: false,
      reason: 'WebGPU is present but no GPU adapter is available (blocklisted driver, or GPU disabled).',
      ...NONE,
      ...memory,
    };
  }
  const vendor = adapter.info?.vendor ?? '';
  const architecture = adapter.info?.architecture ?? '';
  const software = /swiftshader|llvmpipe|software|basic render/i.test(
    `${vendor} ${architecture} ${adapter.info?.description ?? ''}`,
  );
  return {
    available: true,
    vendor,
    architecture,
    software,
    features: { shaderF16: adapter.features.has('shader-f16') },
    limits: {
      maxBufferSize: adapter.limits.maxBufferSize,
      maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
    },
    ...memory,
  };
}

/** The probe as the options page shows it. */
export interface WebGpuProbeResult {
  available: boolean;
  reason?: string;
  vendor?: string;
  architecture?: string;
  shaderF16?: boolean;
  maxBufferSize?: number;
}

export function summarizeProbe(p: WebGpuProbe): WebGpuProbeResult {
  return {
    available: p.available,
    ...(p.reason ? { reason: p.reason } : {}),
    vendor: p.vendor,
    architecture: p.architecture,
    shaderF16: p.features.shaderF16,
    maxBufferSize: p.limits.maxBufferSize,
  };
}
