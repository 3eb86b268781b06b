import type { Room } from '../../src/messaging/protocol';

/**
 * The rooms Chrome's offscreen document hosts (extension/offscreen composes their tables); the
 * service worker hosts `router`. Views wake the offscreen document for these when nobody answers.
 */
export const OFFSCREEN_ROOMS: readonly Room[] = ['engine', 'runner', 'search'];
