import type { MessageClient } from '../../messaging/client';
import type { LiveEvent } from '../../messaging/live';
import type { ResearchIntent } from '../../router/research-intent';
import type { Settings } from '../../settings/schema';
import type { Store } from '../../store';

/** Everything the views need from the outside world; entry points build it from src/platform. */
export interface UiServices {
  client: MessageClient;
  subscribe(onEvent: (e: LiveEvent) => void, onState?: (connected: boolean) => void): () => void;
  settings: {
    load(): Promise<Settings>;
    save(s: Settings): Promise<void>;
    /**
     * Calls `onChange` with the settings each time they are saved, here or in another page of the
     * extension (the options page), so every view of them changes at once. Returns the unsubscribe.
     */
    watch(onChange: (s: Settings) => void): () => void;
  };
  storage: { estimate(): Promise<{ usage: number; quota: number; persisted: boolean } | null> };
  /** Sessions and steps, read directly: the panel is a view over IndexedDB. */
  store: Promise<Store>;
  /**
   * Hands over "research this page" intents from the context menu or keyboard command: one waiting
   * when the panel opens, then each later one. Returns the unsubscribe.
   */
  watchIntents(onIntent: (intent: ResearchIntent) => void): () => void;
  t(key: string, substitutions?: string | string[]): string;
  /** Opens the options page, at one of its sections ('model', 'search', 'research', 'privacy') if given. */
  openOptions(section?: string): void;
  /**
   * Host permissions for origin match patterns. Call `request` synchronously inside a click handler
   * (no await before it): Chrome only shows its prompt during a user gesture.
   */
  permissions: { has(origins: string[]): Promise<boolean>; request(origins: string[]): Promise<boolean> };
  /**
   * Chrome: whether Sleuth may read in its own incognito window (null where the browser needs no
   * such permission, Firefox), and the extension's details page where the user allows it.
   */
  incognito?: { allowed(): Promise<boolean | null>; openDetails(): void };
}
