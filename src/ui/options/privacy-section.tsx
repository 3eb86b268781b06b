import { ListField } from './list-field';
import type { SectionProps } from './option-types';

/** What the agent may open and how: URL rules, sign-ins, tab limits; developer switches apart. */
export function PrivacySection({ settings, set, t }: SectionProps) {
  return (
    <fieldset id="privacy">
      <legend>{t('optionsPrivacy')}</legend>
      <label class="check">
        <input
          name="allowHttp"
          type="checkbox"
          checked={settings.allowHttp}
          onChange={(e) => set('allowHttp', e.currentTarget.checked)}
        />
        {t('optionsAllowHttp')}
      </label>
      <ListField
        label={t('optionsAllowList')}
        help={t('optionsAllowListHelp')}
        name="allowList"
        value={settings.allowList}
        onChange={(v) => set('allowList', v)}
      />
      <ListField
        label={t('optionsDenyList')}
        name="denyList"
        value={settings.denyList}
        onChange={(v) => set('denyList', v)}
      />
      <ListField
        label={t('optionsSignInSites')}
        help={t('optionsSignInSitesHelp')}
        name="signInSites"
        value={settings.signInSites}
        onChange={(v) => set('signInSites', v)}
      />
      <label>
        {t('optionsMaxTabs')}
        <input
          name="maxTabs"
          type="number"
          min={1}
          max={8}
          value={settings.maxTabs}
          onInput={(e) => set('maxTabs', Number(e.currentTarget.value))}
        />
      </label>
      <label>
        {t('optionsPageTimeout')}
        <input
          name="pageTimeoutSeconds"
          type="number"
          min={1}
          max={120}
          value={Math.round(settings.pageTimeoutMs / 1000)}
          onInput={(e) => set('pageTimeoutMs', Math.round(Number(e.currentTarget.value) * 1000))}
        />
      </label>
      <details class="developer" open={settings.allowLoopback}>
        <summary>{t('optionsDeveloper')}</summary>
        <label class="check">
          <input
            name="allowLoopback"
            type="checkbox"
            checked={settings.allowLoopback}
            onChange={(e) => set('allowLoopback', e.currentTarget.checked)}
          />
          {t('optionsAllowLoopback')}
        </label>
      </details>
    </fieldset>
  );
}
