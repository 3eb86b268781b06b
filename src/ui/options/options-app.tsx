import { useEffect } from 'preact/hooks';
import type { UiServices } from '../shared/services';
import type { Translate } from '../shared/translate';
import { ModelSection } from './model-section';
import { PrivacySection } from './privacy-section';
import { ProfileSection } from './profile-section';
import { ResearchSection } from './research-section';
import { SearchSection } from './search-section';
import { useEngineStatus } from './use-engine-status';
import { type SaveState, useOptionsSettings } from './use-options-settings';

/** The page's sections, in order: ids are the anchors `openOptions(section)` opens at. */
const SECTIONS = [
  ['model', 'optionsModel'],
  ['search', 'optionsSearch'],
  ['research', 'optionsResearch'],
  ['privacy', 'optionsPrivacy'],
] as const;

export function OptionsApp({ services }: { services: UiServices }) {
  const { t } = services;
  const page = useOptionsSettings(services);
  const status = useEngineStatus(services);
  const { settings, saved } = page;

  const ready = settings !== null;
  useEffect(() => {
    // Opened at a section (options page URL #search): its content exists only once settings loaded.
    if (ready && location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  }, [ready]);

  if (page.loadError)
    return (
      <main class="options">
        <p role="alert">{page.loadError}</p>
      </main>
    );
  if (!settings || !saved)
    return (
      <main class="options">
        <p>{t('loading')}</p>
      </main>
    );

  const onSubmit = (e: Event) => {
    e.preventDefault();
    void page.commit();
  };
  const shared = { settings, set: page.set, t };
  const links = {
    services,
    secrets: page.secrets,
    commit: page.commit,
    granted: page.granted,
    onAccess: page.onAccess,
  };
  const dirty = page.secrets.dirty || JSON.stringify(settings) !== JSON.stringify(saved);

  return (
    <main class="options" aria-labelledby="options-title">
      <form onSubmit={onSubmit} aria-labelledby="options-title">
        <OptionsHeader t={t} />
        <ModelSection {...shared} {...links} status={status} savedBaseUrl={saved.openaiBaseUrl} />
        <SearchSection {...shared} {...links} />
        <ProfileSection {...shared} />
        <ResearchSection {...shared} />
        <PrivacySection {...shared} />
        {page.denied.length > 0 ? (
          <p class="note" role="alert" data-testid="permission-denied">
            {t('accessDenied', page.denied.join(', '))}
          </p>
        ) : null}
        <SaveBar save={page.save} dirty={dirty} t={t} />
      </form>
    </main>
  );
}

/** The title and the links to each section. */
function OptionsHeader({ t }: { t: Translate }) {
  return (
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
  );
}

/** Always in view: a change anywhere on the page can be saved without scrolling to the end. */
function SaveBar({ save, dirty, t }: { save: SaveState; dirty: boolean; t: Translate }) {
  return (
    <div class="save-bar actions">
      <button type="submit" class="primary" disabled={save === 'saving'}>
        {t('save')}
      </button>
      <span role="status" data-testid="save-state">
        {save === 'saved' ? t('saved') : typeof save === 'object' ? save.error : dirty ? t('unsaved') : ''}
      </span>
    </div>
  );
}
