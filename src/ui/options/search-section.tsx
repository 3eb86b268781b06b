import type { ProviderSetting } from '../../settings/schema';
import type { UiServices } from '../shared/services';
import type { SectionProps } from './option-types';
import { ProviderRow, type ProviderRowProps } from './provider-row';
import { moveProvider } from './save-plan';

/** Search providers in failover order: the first enabled one is asked first. */
export function SearchSection({
  settings,
  set,
  t,
  ...rest
}: SectionProps &
  Pick<ProviderRowProps, 'secrets' | 'granted' | 'onAccess' | 'commit'> & { services: UiServices }) {
  const list = settings.searchProviders;
  const move = (id: string, delta: -1 | 1) => {
    const next = moveProvider(list, id, delta);
    set('searchProviders', next);
    // Moving re-orders the rows' DOM nodes, which drops focus; put it back on the same control, or on
    // the other arrow when this one became disabled at the end of the list.
    requestAnimationFrame(() => {
      const row = document.querySelector(`[data-testid="search-provider"][data-provider="${id}"]`);
      const same = row?.querySelector<HTMLButtonElement>(
        `[data-testid="provider-${delta < 0 ? 'up' : 'down'}"]`,
      );
      const other = row?.querySelector<HTMLButtonElement>(
        `[data-testid="provider-${delta < 0 ? 'down' : 'up'}"]`,
      );
      (same && !same.disabled ? same : other)?.focus();
    });
  };
  const change = (next: ProviderSetting) =>
    set(
      'searchProviders',
      list.map((p) => (p.id === next.id ? next : p)),
    );
  return (
    <fieldset id="search">
      <legend>{t('optionsSearch')}</legend>
      <p class="small muted">{t('optionsSearchHelp')}</p>
      {list.every((p) => !p.enabled) ? <p class="note">{t('optionsSearchNone')}</p> : null}
      <ol class="providers">
        {list.map((p, i) => (
          <ProviderRow
            key={p.id}
            provider={p}
            index={i}
            count={list.length}
            onChange={change}
            onMove={(d) => move(p.id, d)}
            {...rest}
          />
        ))}
      </ol>
    </fieldset>
  );
}
