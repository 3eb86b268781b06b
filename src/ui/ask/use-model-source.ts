import { useEffect, useState } from 'preact/hooks';
import type { Settings } from '../../settings/schema';
import type { UiServices } from '../shared/services';
import { type PlanState, useEnginePlan } from './use-engine-plan';

/**
 * The one answer to "which model?" that the picker, the first-run guide and the engine notice all
 * read: the saved settings as of their last save, and what the engine host would load for them.
 * The guide's "Use Ollama" left the picker on "Auto: Qwen3-…" until a reload when each view read
 * the settings on its own.
 */
export interface ModelSource {
  /** Null until the first read. */
  settings: Settings | null;
  /** What the engine host would load; an answer asked for older settings is not given. */
  plan: PlanState;
}

/**
 * Keeps the settings current from each save (here or in the options page) and asks the engine host
 * again when they change or when `engineKey` (the engine's state and model) does.
 */
export function useModelSource(services: UiServices, engineKey = ''): ModelSource {
  const settings = useSavedSettings(services);
  const key = `${JSON.stringify(settings)}|${engineKey}`;
  const plan = useEnginePlan(services, { enabled: settings !== null, refreshKey: key });
  const fresh = plan.for?.endsWith(`|${key}`);
  return { settings, plan: fresh ? plan : { plan: null, error: null, busy: true } };
}

/** The saved settings, updated the moment they are saved. */
export function useSavedSettings(services: UiServices): Settings | null {
  const [settings, setSettings] = useState<Settings | null>(null);
  useEffect(() => {
    let live = true;
    // A read started before a save must not put the older settings back once it lands.
    let saves = 0;
    const stop = services.settings.watch((s) => {
      saves += 1;
      if (live) setSettings(s);
    });
    const load = () => {
      const before = saves;
      services.settings.load().then(
        (s) => live && saves === before && setSettings(s),
        () => undefined,
      );
    };
    load();
    // A browser without BroadcastChannel between pages still picks up the options page's changes.
    window.addEventListener('focus', load);
    return () => {
      live = false;
      stop();
      window.removeEventListener('focus', load);
    };
  }, [services]);
  return settings;
}
