import type * as v from 'valibot';
import type { LoadCauseSchema } from '../errors/engine-error-info';
import type { EngineFailure } from '../errors/run-error';
import { EngineError } from './engine';

type LoadCause = v.InferOutput<typeof LoadCauseSchema>;

import { failureOf } from './failure-cause';

/**
 * Turns whatever a model load threw (web-llm, wllama, fetch, the GPU) into an EngineError that
 * names the real cause (see failure-cause.ts) and says how to fix it. web-llm's error classes are
 * in node_modules/@mlc-ai/web-llm/lib/index.js (DeviceLostError, WebGPUNotAvailableError…).
 */

export const HINT_NO_WEBGPU =
  'Use the wllama engine on CPU or an OpenAI-compatible server in Options → Model.';
const HINT_SMALLER_MODEL = 'Close other GPU-heavy tabs or choose a smaller model in Options → Model.';
const HINT_DEVICE_LOST =
  'The GPU was reset (driver update, sleep, or memory pressure). The run is paused: press Continue to reload the model.';
const MESSAGE_OFFLINE =
  'Could not download the model: this computer seems to be offline, or the model host did not answer. Nothing was cached half-way.';

export interface LoadErrorContext {
  /** What was being loaded, for the message, e.g. 'Qwen3-4B-q4f32_1-MLC'. */
  model: string;
}

type Failure = ReturnType<typeof failureOf>;
type InfoOf = (cause: LoadCause) => EngineFailure;

/** What the device or the file did wrong: a lost or missing GPU, a damaged file, too little memory. */
function deviceError(f: Failure, ctx: LoadErrorContext, info: InfoOf): EngineError | null {
  switch (f.cause) {
    case 'device-lost':
      // web-llm's DeviceLostError text blames OOM; the hint covers both.
      return new EngineError(
        'device-lost',
        `The GPU device was lost while running ${ctx.model}.`,
        HINT_DEVICE_LOST,
        info('device-lost'),
      );
    case 'no-webgpu':
      return new EngineError(
        'no-webgpu',
        'WebGPU is not available in this browser or on this GPU.',
        HINT_NO_WEBGPU,
        info('no-webgpu'),
      );
    case 'bad-file':
      return new EngineError(
        'download-failed',
        `The file for ${ctx.model} is not a complete model (it may be damaged, cut short, or a web page saved in its place).`,
        'Delete it under Options → Model and download it again, or choose another model.',
        info('bad-file'),
      );
    case 'out-of-memory':
      return new EngineError(
        'out-of-memory',
        `Not enough memory to load ${ctx.model}.`,
        HINT_SMALLER_MODEL,
        info('out-of-memory'),
      );
    default:
      return null;
  }
}

/** What the model host did wrong: no such file, refused or failed, not found, CORS, offline. */
function hostError(f: Failure, ctx: LoadErrorContext, info: InfoOf): EngineError | null {
  switch (f.cause) {
    case 'not-found':
      return new EngineError(
        'download-failed',
        `The model host has no file for ${ctx.model} (HTTP ${f.status}).`,
        'Check the model URL or file name in Options → Model.',
        info('not-found'),
      );
    case 'http':
      if (f.status === 401 || f.status === 403) {
        return new EngineError(
          'download-failed',
          `The model host refused the download of ${ctx.model} (HTTP ${f.status}); the model may be gated.`,
          'Accept the model licence on its Hugging Face page, or use a mirror URL in Options → Model.',
          info('gated'),
        );
      }
      return new EngineError(
        'download-failed',
        `The model host failed while sending ${ctx.model} (HTTP ${f.status}).`,
        'Try loading again in a few minutes.',
        info('http'),
      );
    case 'dns':
      return new EngineError(
        'offline',
        `Could not find the model host for ${ctx.model}: its name did not resolve (DNS).`,
        'Check your connection and the host name in the model URL, then try loading again.',
        info('dns'),
      );
    case 'cors':
      return new EngineError(
        'download-failed',
        `The model host did not allow this extension to download ${ctx.model} (CORS).`,
        'Use a host that serves files to any origin (Hugging Face does), or a copy on your own server.',
        info('cors'),
      );
    case 'offline':
      return new EngineError(
        'offline',
        MESSAGE_OFFLINE,
        'Check your connection, then try loading again.',
        info('offline'),
      );
    default:
      return null;
  }
}

export function toLoadError(err: unknown, ctx: LoadErrorContext): EngineError {
  if (err instanceof EngineError) return err;
  const f = failureOf(err);
  const info: InfoOf = (cause) => ({
    code: 'model-load-failed',
    params: { model: ctx.model, cause, ...(f.status !== undefined ? { status: f.status } : {}) },
  });
  if (f.name === 'ShaderF16SupportError') {
    return new EngineError(
      'no-webgpu',
      `${ctx.model} needs 16-bit float shaders (shader-f16), which this GPU does not offer.`,
      'Choose the q4f32 variant of the model in Options → Model.',
      info('no-shader-f16'),
    );
  }
  return (
    deviceError(f, ctx, info) ??
    hostError(f, ctx, info) ??
    new EngineError(
      'unknown',
      `Could not load ${ctx.model}: ${f.message}`,
      'Try loading again, or choose another model.',
      info('unknown'),
    )
  );
}
