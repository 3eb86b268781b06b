import { EngineError } from '../engine';
import { failureOf } from '../failure-cause';
import { toLoadError } from '../load-errors';

/**
 * A wllama generation failure in plain words with a next step. `unload` is true when the wasm
 * instance cannot be trusted any more (crashed, damaged file, out of memory), so the engine drops
 * it and the next load starts clean.
 */
export function wllamaChatError(err: unknown, model: string): { error: EngineError; unload: boolean } {
  const message = err instanceof Error ? err.message : String(err);
  // llama.cpp words it "request (N tokens) exceeds the available context size (M tokens)".
  if (/kv.?cache|context.*(full|exceed)|exceeds?.*context|n_ctx/i.test(message)) {
    return {
      error: new EngineError(
        'out-of-memory',
        "The conversation no longer fits the model's context window.",
        'Raise the context window in Options → Model, or start a new session.',
      ),
      unload: false,
    };
  }
  // A damaged model file or too little memory shows up as odd sizes ("Invalid typed array length: N").
  const cause = failureOf(err).cause;
  if (cause === 'bad-file' || cause === 'out-of-memory') {
    return { error: toLoadError(err, { model }), unload: true };
  }
  if (/crashed|RuntimeError|abort\(/i.test(message)) {
    // The wasm is dead after a runtime error.
    return {
      error: new EngineError('unknown', `wllama crashed: ${message}`, 'Reload the model and resume the run.'),
      unload: true,
    };
  }
  return {
    error: new EngineError('unknown', `wllama failed while generating: ${message}`, 'Retry the turn.'),
    unload: false,
  };
}
