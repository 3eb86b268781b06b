import { useEffect, useState } from 'preact/hooks';
import type { EnginePlan } from '../../llm/host/engine-status';
import type { Settings } from '../../settings/schema';
import type { UiServices } from '../shared/services';

export interface PlanState {
  plan: EnginePlan | null;
  error: string | null;
  /** What to do about `error`, when the engine host says. */
  hint?: string;
  busy: boolean;
  /** The key (settings and refresh key) this answer was asked for. */
  for?: string;
}

/**
 * What the engine host would load for these settings (saved ones when `settings` is omitted),
 * asked again when they change (after a short pause, as typing a URL changes them per key) or
 * when `refreshKey` does.
 */
export function useEnginePlan(
  services: UiServices,
  opts: { settings?: Settings; refreshKey?: string; enabled?: boolean } = {},
): PlanState {
  const [state, setState] = useState<PlanState>({ plan: null, error: null, busy: false });
  const enabled = opts.enabled ?? true;
  const key = `${JSON.stringify(opts.settings ?? null)}|${opts.refreshKey ?? ''}`;
  // `key` stands for the settings object's contents: the effect reruns when they change.
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState((s) => ({ ...s, busy: true }));
    const timer = setTimeout(() => {
      services.client.send('engine.plan', opts.settings ? { settings: opts.settings } : {}).then(
        (plan) => live && setState({ plan, error: null, busy: false, for: key }),
        (e: unknown) => {
          if (!live) return;
          const hint = e instanceof Error && 'hint' in e && typeof e.hint === 'string' ? e.hint : undefined;
          setState({
            plan: null,
            error: e instanceof Error ? e.message : String(e),
            ...(hint ? { hint } : {}),
            busy: false,
            for: key,
          });
        },
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [services, key, enabled]);
  return state;
}
