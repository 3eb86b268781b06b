import type { ChatEngine } from './engine';

/**
 * Everything of `engine` but `chat`, passed straight through: wrappers (stall guard, retries,
 * device-loss watch, test faults) change only how a reply is asked for, and spread this beside
 * their own `chat`.
 */
export function delegateEngine(engine: ChatEngine): Omit<ChatEngine, 'chat'> {
  return {
    load: (modelId, opts) => engine.load(modelId, opts),
    unload: () => engine.unload(),
    info: () => engine.info(),
    ...(engine.countTokens ? { countTokens: engine.countTokens.bind(engine) } : {}),
  };
}
