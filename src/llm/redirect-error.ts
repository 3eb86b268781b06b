import type { RedirectRefusal } from '../security/redirect-hops';
import { EngineError } from './engine';

/**
 * A redirect a model server, hub or download answered with and Sleuth did not take
 * (src/security/redirect-hops.ts), in words: who redirected, where to when it could be read.
 */
export function redirectError(what: string, refusal: RedirectRefusal): EngineError {
  const host = new URL(refusal.from).host;
  const why =
    refusal.code === 'redirect-refused'
      ? `to ${new URL(refusal.to).host}, which is not allowed (${refusal.reason})`
      : refusal.code === 'too-many-redirects'
        ? `${refusal.hops} times in a row`
        : 'to another address';
  return new EngineError(
    'server-error',
    `${host} redirected ${what} ${why}; Sleuth does not follow redirects it cannot check.`,
    'Use the address the server finally answers at.',
  );
}
