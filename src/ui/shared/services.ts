import type { MessageClient } from '../../messaging/client';
import type { LiveEvent } from '../../messaging/live';
import type { Settings } from '../../settings/schema';

/** Everything the views need from the outside world; entry points build it from src/platform. */
export interface UiServices {
  client: MessageClient;
  subscribe(onEvent: (e: LiveEvent) => void, onState?: (connected: boolean) => void): () => void;
  settings: { load(): Promise<Settings>; save(s: Settings): Promise<void> };
  storage: { estimate(): Promise<{ usage: number; quota: number; persisted: boolean } | null> };
  t(key: string, substitutions?: string | string[]): string;
  openOptions(): void;
}
