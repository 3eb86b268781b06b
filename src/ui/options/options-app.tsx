import { useEffect, useState } from 'preact/hooks';
import * as v from 'valibot';
import { type Settings, SettingsSchema } from '../../settings/schema';
import { PROVIDERS, secretKeyFor } from '../../tools/search/catalog';
import type { UiServices } from '../shared/services';
import { fieldLabel } from './field-labels';
import { ModelSection } from './model-section';
import { OPENAI_KEY } from './openai-panel';
import { PrivacySection } from './privacy-section';
import { ProfileSection } from './profile-section';
import { ResearchSection } from './research-section';
import { normalizeProviders, originsToRequest, reachedOrigins } from './save-plan';
import { SearchSection } from './search-section';
import { useEngineStatus } from './use-engine-status';
import { useGranted } from './use-granted';
import { useSecrets } from './use-secrets';

type SaveState = 'idle' | 'saving' | 'saved' | { error: string };

/** The page's sections, in order: ids are the anchors `openOptions(section)` opens at. */
const SECTIONS = [
  ['model', 'optionsModel'],
  ['search', 'optionsSearch'],
  ['research', 'optionsResearch'],
  ['privacy', 'optionsPrivacy'],
] as const;

const SECRET_KEYS = [OPENAI_KEY, ...PROVIDERS.filter((p) => p.needsKey).map((p) => secretKeyFor(p.id))];

const withAllProviders = (s: Settings): Settings => ({
  ...s,
  searchProviders: normalizeProviders(s.searchProviders),
});

export function OptionsApp({ services }: { services: UiServices }) {
  const { t } = services;
  const [settings, setSettings] = useState<Settings | null>(null);
  // The last saved settings: Save asks for permissions only for what changed since.
  const [saved, setSaved] = useState<Settings | null>(null);
  const [save, setSave] = useState<SaveState>('idle');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [denied, setDenied] = useState<string[]>([]);
  const secrets = useSecrets(services, SECRET_KEYS);
  const access = useGranted(services, settings ? reachedOrigins(settings) : []);
  const status = useEngineStatus(services);

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

  const ready = settings !== null;
  useEffect(() => {
    // Opened at a section (options page URL #search): its content exists only once settings loaded.
    if (ready && location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  }, [ready]);

  if (loadError)
    return (
      <main class="options">
        <p role="alert">{loadError}</p>
      </main>
    );
  if (!settings || !saved)
    return (
      <main class="options">
        <p>{t('loading')}</p>
      </main>
    );

  const set = <K extends keyof Settings>(k: K, value: Settings[K]) => {
    setSettings({ ...settings, [k]: value });
    setSave('idle');
  };

  /**
   * Saves settings and secrets. Must be called first thing in a click: when this edit enabled a
   * provider or changed a server URL, it asks Chrome for those origins before any await (a prompt
   * needs the user gesture). Saving does not wait for the answer; a refusal is shown afterwards.
   */
  const commit = (): Promise<boolean> => {
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

  const onSubmit = (e: Event) => {
    e.preventDefault();
    void commit();
  };
  const shared = { settings, set, t };
  const links = {
    services,
    secrets,
    commit,
    granted: access.granted,
    onAccess: () => void access.refresh().then(() => setDenied([])),
  };
  const dirty = secrets.dirty || JSON.stringify(settings) !== JSON.stringify(saved);

  return (
    <main class="options" aria-labelledby="options-title">
      <form onSubmit={onSubmit} aria-labelledby="options-title">
        <header class="options-header">
          <h1 id="options-title">{t('optionsTitle')}</h1>
          <nav class="section-nav" aria-label={t('optionsSections')}>
            {SECTIONS.map(([id, label]) => (
              <a key={id} href={`#${id}`}>
                {t(label)}
              </a>
            ))}
          </nav>
        </header>
        <ModelSection {...shared} {...links} status={status} savedBaseUrl={saved.openaiBaseUrl} />
        <SearchSection {...shared} {...links} />
        <ProfileSection {...shared} />
        <ResearchSection {...shared} />
        <PrivacySection {...shared} />
        {denied.length > 0 ? (
          <p class="note" role="alert" data-testid="permission-denied">
            {t('accessDenied', denied.join(', '))}
          </p>
        ) : null}
        {/* Always in view: a change anywhere on the page can be saved without scrolling to the end. */}
        <div class="save-bar actions">
          <button type="submit" class="primary" disabled={save === 'saving'}>
            {t('save')}
          </button>
          <span role="status" data-testid="save-state">
            {save === 'saved'
              ? t('saved')
              : typeof save === 'object'
                ? save.error
                : dirty
                  ? t('unsaved')
                  : ''}
          </span>
        </div>
      </form>
    </main>
  );
}
