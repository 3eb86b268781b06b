import { runError } from '../../errors/run-error';
import { EngineError } from '../engine';
import { failureOf } from '../failure-cause';
import { toLoadError } from '../load-errors';
import { isUnreadableReply } from './unreadable-reply';

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
  // Checked before the damaged-file causes: its text ("Invalid typed array length: 1163217991")
  // reads like a damaged file, but the file and the wasm are fine and the next request works.
  if (isUnreadableReply(err)) {
    return {
      error: new EngineError(
        'bad-response',
        `${model} wrote bytes that are not valid text (UTF-8), and wllama could not pass its reply on.`,
        'Try again; keeping replies in the research format (Options → Model) holds them to plain text.',
        runError('model-reply-unreadable', { model }),
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
