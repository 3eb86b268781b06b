import type { WebGpuProbeResult } from '../../llm/webgpu-probe';
import type { Translate } from '../shared/translate';

/** The WebGPU check in plain words: what GPU, whether 16-bit shaders work, or why there is none. */
export function ProbeResult({
  probe,
  error,
  t,
}: {
  probe: WebGpuProbeResult | null;
  error: string | null;
  t: Translate;
}) {
  let text: string;
  if (error) text = t('probeFailed', error);
  else if (!probe) text = t('probeChecking');
  else if (!probe.available) text = t('probeUnavailable', probe.reason ?? '');
  else {
    const gpu = [probe.vendor, probe.architecture].filter(Boolean).join(' ') || t('probeUnknownGpu');
    const parts = [t('probeAvailable', gpu), probe.shaderF16 ? t('probeF16Yes') : t('probeF16No')];
    // SwiftShader and friends run on the CPU: usable for tests, far too slow for real models.
    if (/swiftshader|llvmpipe|software/i.test(gpu)) parts.push(t('probeSoftware'));
    text = parts.join(' ');
  }
  const ok = !!probe?.available && !error;
  return (
    <p class={ok ? 'small' : 'small note'} data-testid="probe-result" data-available={String(ok)}>
      {text}
    </p>
  );
}
