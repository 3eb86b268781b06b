/**
 * gpu-check's yardstick: the same GGUF file and prompt in native llama.cpp (scripts/checks/
 * native-sample.ts, one process per trial) on the CPU with wllama's thread count and on the GPU,
 * and each wllama figure as a ratio of its native counterpart, so one JSON line from any machine
 * says how far the browser is from the hardware.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NativeConfig, NativeFigures } from './native-sample';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'native-sample.ts');

function runNative(config: NativeConfig): NativeFigures | { error: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sleuth-native-'));
  try {
    const file = path.join(dir, 'config.json');
    writeFileSync(file, JSON.stringify(config));
    const r = spawnSync(process.execPath, ['--import', 'tsx', WORKER, file], {
      encoding: 'utf8',
      // A machine without a usable GPU can spend minutes probing for one; the check reports that.
      timeout: 300_000,
    });
    if (r.signal) return { error: `stopped after 300 s (${r.signal}): no result` };
    const line = r.stdout.trim().split('\n').pop() ?? '';
    if (r.status !== 0 || !line.startsWith('{'))
      return {
        error: (r.stderr || r.error?.message || `exit ${r.status}`).trim().split('\n').slice(-3).join(' '),
      };
    return JSON.parse(line) as NativeFigures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type Trial = Record<string, unknown> & { decodeTokensPerSecond?: number; threads?: number };

const ratio = (a: number | undefined, b: NativeFigures | { error: string }) =>
  a !== undefined && 'decodeTokensPerSecond' in b && b.decodeTokensPerSecond > 0
    ? Math.round((a / b.decodeTokensPerSecond) * 100) / 100
    : null;

export function compareWithNative(
  modelPath: string,
  prompt: string,
  maxTokens: number,
  wllama: { webgpu: Trial; cpu: Trial },
) {
  const cpu = runNative({
    modelPath,
    prompt,
    maxTokens,
    gpu: false,
    ...(wllama.cpu.threads ? { threads: wllama.cpu.threads } : {}),
  });
  const gpu = runNative({ modelPath, prompt, maxTokens, gpu: 'auto' });
  return {
    nativeCpu: cpu,
    nativeGpu: gpu,
    decodeRatios: {
      wllamaCpuOverNativeCpu: ratio(wllama.cpu.decodeTokensPerSecond, cpu),
      wllamaWebgpuOverNativeGpu: ratio(wllama.webgpu.decodeTokensPerSecond, gpu),
    },
  };
}
