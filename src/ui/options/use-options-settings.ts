import { useEffect, useState } from 'preact/hooks';
import * as v from 'valibot';
import { type Settings, SettingsSchema } from '../../settings/schema';
import { PROVIDERS, secretKeyFor } from '../../tools/search/catalog';
import type { UiServices } from '../shared/services';
import { fieldLabel } from './field-labels';
import { OPENAI_KEY } from './openai-panel';
import { normalizeProviders, originsToRequest, reachedOrigins } from './save-plan';
import { useGranted } from './use-granted';
import { useSecrets } from './use-secrets';

export type SaveState = 'idle' | 'saving' | 'saved' | { error: string };

const SECRET_KEYS = [OPENAI_KEY, ...PROVIDERS.filter((p) => p.needsKey).map((p) => secretKeyFor(p.id))];

const withAllProviders = (s: Settings): Settings => ({
  ...s,
  searchProviders: normalizeProviders(s.searchProviders),
});

/**
 * The options page's state: the settings being edited, the last saved ones, the secrets, which
 * origins the browser granted, and Save (`commit`) with the permissions it asks for.
 */
export function useOptionsSettings(services: UiServices) {
  const { t } = services;
  const [settings, setSettings] = useState<Settings | null>(null);
  // The last saved settings: Save asks for permissions only for what changed since.
  const [saved, setSaved] = useState<Settings | null>(null);
  const [save, setSave] = useState<SaveState>('idle');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [denied, setDenied] = useState<string[]>([]);
  const secrets = useSecrets(services, SECRET_KEYS);
  const access = useGranted(services, settings ? reachedOrigins(settings) : []);

  useEffect(() => {
    services.settings.load().then(
      (s) => {
        const full = withAllProviders(s);
        setSettings(full);
        setSaved(full);
      },
      (e: unknown) => setLoadError(String(e)),
    );
  }, [services]);

  const set = <K extends keyof Settings>(k: K, value: Settings[K]) => {
    if (settings) setSettings({ ...settings, [k]: value });
    setSave('idle');
  };

  /**
   * Saves settings and secrets. Must be called first thing in a click: when this edit enabled a
   * provider or changed a server URL, it asks Chrome for those origins before any await (a prompt
   * needs the user gesture). Saving does not wait for the answer; a refusal is shown afterwards.
   */
  const commit = (): Promise<boolean> => {
    if (!settings || !saved) return Promise.resolve(false);
    const wanted = originsToRequest(saved, settings, access.granted);
    const asked = wanted.length > 0 ? services.permissions.request(wanted).catch(() => false) : null;
    return (async () => {
      const checked = v.safeParse(SettingsSchema, settings);
      if (!checked.success) {
        const field = checked.issues[0]?.path?.[0]?.key;
        setSave({ error: t('saveInvalid', fieldLabel(String(field ?? ''), t)) });
        return false;
      }
      setSave('saving');
      try {
        await services.settings.save(settings);
        await secrets.commit();
        setSaved(settings);
        setSave('saved');
      } catch (err) {
        setSave({ error: err instanceof Error ? err.message : String(err) });
        return false;
      }
      if (asked) {
        const ok = await asked;
        setDenied(ok ? [] : wanted);
        await access.refresh();
      }
      return true;
    })();
  };

  const onAccess = () => void access.refresh().then(() => setDenied([]));
  return {
    settings,
    saved,
    save,
    loadError,
    denied,
    secrets,
    granted: access.granted,
    set,
    commit,
    onAccess,
  };
}
