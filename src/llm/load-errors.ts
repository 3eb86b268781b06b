import { EngineError } from './engine';

/**
 * Turns whatever a model load threw (web-llm, wllama, fetch, the GPU) into an EngineError with a
 * plain message and a next step. Matching is on names and message text because the libraries
 * throw plain Errors (web-llm's error classes: node_modules/@mlc-ai/web-llm/lib/index.js, e.g.
 * DeviceLostError, WebGPUNotAvailableError; a failed fetch is a bare `TypeError: Failed to fetch`).
 */

export const HINT_NO_WEBGPU =
  'Use the wllama engine on CPU or an OpenAI-compatible server in Options → Model.';
const HINT_SMALLER_MODEL = 'Close other GPU-heavy tabs or choose a smaller model in Options → Model.';
const HINT_DEVICE_LOST =
  'The GPU was reset (driver update, sleep, or memory pressure). The run is paused: press Resume to reload the model.';
const MESSAGE_OFFLINE =
  'Could not download the model (offline or the model host is unreachable). Check your connection and retry; nothing was cached half-way.';

function describe(err: unknown): { name: string; message: string } {
  if (err instanceof Error) return { name: err.name, message: err.message };
  if (typeof err === 'string') return { name: '', message: err };
  return { name: '', message: String(err) };
}

const OFFLINE =
  /failed to fetch|networkerror|network error|err_internet_disconnected|err_name_not_resolved|load failed|err_connection/i;
const OOM =
  /out of memory|\boom\b|cannot allocate|allocation failed|memory access out of bounds|exceeds the max|maxbuffersize|maxstoragebuffer|not enough memory|insufficient memory/i;
const DEVICE_LOST = /device (was )?lost|devicelost|gpudevice.*lost|device is lost/i;
const NO_WEBGPU =
  /webgpu is not supported|cannot find webgpu|no webgpu|navigator\.gpu|unable to find a compatible gpu|requestadapter/i;
const HTTP_STATUS = /\b(404|403|401|5\d\d)\b/;

export interface LoadErrorContext {
  /** What was being loaded, for the message, e.g. 'Qwen3-4B-q4f32_1-MLC'. */
  model: string;
}

export function toLoadError(err: unknown, ctx: LoadErrorContext): EngineError {
  if (err instanceof EngineError) return err;
  const { name, message } = describe(err);
  if (name === 'DeviceLostError' || DEVICE_LOST.test(message)) {
    // web-llm's DeviceLostError text blames OOM; the hint covers both.
    return new EngineError(
      'device-lost',
      `The GPU device was lost while running ${ctx.model}.`,
      HINT_DEVICE_LOST,
    );
  }
  if (name === 'WebGPUNotAvailableError' || name === 'WebGPUNotFoundError' || NO_WEBGPU.test(message)) {
    return new EngineError(
      'no-webgpu',
      'WebGPU is not available in this browser or on this GPU.',
      HINT_NO_WEBGPU,
    );
  }
  if (name === 'ShaderF16SupportError') {
    return new EngineError(
      'no-webgpu',
      `${ctx.model} needs 16-bit float shaders (shader-f16), which this GPU does not offer.`,
      'Choose the q4f32 variant of the model in Options → Model.',
    );
  }
  if (OOM.test(message) || name === 'RangeError') {
    return new EngineError('out-of-memory', `Not enough memory to load ${ctx.model}.`, HINT_SMALLER_MODEL);
  }
  if (OFFLINE.test(message) || (name === 'TypeError' && /fetch/i.test(message))) {
    return new EngineError('offline', MESSAGE_OFFLINE, 'Check your connection and press Retry.');
  }
  const status = HTTP_STATUS.exec(message)?.[1];
  if (status === '404') {
    return new EngineError(
      'download-failed',
      `The model host has no file for ${ctx.model} (HTTP 404).`,
      'Check the model URL or file name in Options → Model.',
    );
  }
  if (status === '401' || status === '403') {
    return new EngineError(
      'download-failed',
      `The model host refused the download of ${ctx.model} (HTTP ${status}); the model may be gated.`,
      'Accept the model licence on its Hugging Face page or use a mirror URL.',
    );
  }
  if (status) {
    return new EngineError(
      'download-failed',
      `The model host failed while sending ${ctx.model} (HTTP ${status}).`,
      'Retry in a few minutes.',
    );
  }
  return new EngineError(
    'unknown',
    `Could not load ${ctx.model}: ${message}`,
    'Retry, or choose another model.',
  );
}
