import type { Page } from 'playwright-core';

export interface PageAdapter {
  vendor: string;
  architecture: string;
  shaderF16: boolean;
  maxBufferSize: number;
}

interface GpuNavigator {
  gpu?: {
    requestAdapter(options?: { powerPreference?: string }): Promise<{
      info: { vendor: string; architecture: string };
      features: { has(name: string): boolean };
      limits: { maxBufferSize: number };
    } | null>;
  };
}

/**
 * The WebGPU adapter as an extension page itself sees it (null without one): the truth that what
 * Sleuth reports about the GPU is checked against, so the checks hold on SwiftShader and on a real GPU.
 */
export function pageAdapter(page: Page): Promise<PageAdapter | null> {
  return page.evaluate(async () => {
    const a = await (navigator as unknown as GpuNavigator).gpu?.requestAdapter({
      powerPreference: 'high-performance',
    });
    if (!a) return null;
    return {
      vendor: a.info.vendor,
      architecture: a.info.architecture,
      shaderF16: a.features.has('shader-f16'),
      maxBufferSize: a.limits.maxBufferSize,
    };
  });
}
