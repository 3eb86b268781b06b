import { useCallback, useEffect, useState } from 'preact/hooks';
import { runErrorOf } from '../../errors/run-error';
import type { ProviderId } from '../../settings/provider-ids';
import { errorLine } from '../errors/error-words';
import { searchTestWords } from '../errors/test-words';
import type { UiServices } from '../shared/services';

/** The search providers a run will use, tested once with one query as soon as the guide shows. */
export function GuideSearch({
  services,
  provider,
  labels,
}: {
  services: UiServices;
  provider: ProviderId | null;
  labels: string[];
}) {
  const { t, client } = services;
  const [result, setResult] = useState<{ ok: boolean; message: string } | 'testing' | null>(null);
  const test = useCallback(() => {
    if (!provider) return;
    setResult('testing');
    client.send('search.test', { provider }).then(
      (r) => setResult({ ok: r.ok, message: searchTestWords(r, t) }),
      (e: unknown) => {
        // The message itself failed (no engine host): its code, if it carries one, is worded.
        const info = runErrorOf(e);
        const message = info ? errorLine(info, t) : e instanceof Error ? e.message : String(e);
        setResult({ ok: false, message });
      },
    );
  }, [client, provider, t]);
  useEffect(() => test(), [test]);
  if (!provider) {
    return (
      <p class="check-bad">
        {t('searchNoneEnabled')}{' '}
        <button type="button" class="link" onClick={() => services.openOptions('search')}>
          {t('openSearchSettings')}
        </button>
      </p>
    );
  }
  // The step's heading already says "Search", and the result line names the provider tested: a
  // "Search: SearXNG" line under "2. Search" said it twice. Only the providers tried after it are new.
  const [first = '', ...then] = labels;
  return (
    <>
      <p
        data-testid="guide-search-result"
        data-ok={typeof result === 'object' && result ? String(result.ok) : ''}
      >
        {result === 'testing' || result === null ? (
          t('guideSearchTesting', first)
        ) : (
          <>
            <span class={result.ok ? 'check-ok' : 'check-bad'} aria-hidden="true">
              {result.ok ? '✓ ' : '✗ '}
            </span>
            {result.ok
              ? t('guideSearchOk', [first, result.message])
              : t('guideSearchBad', [first, result.message])}
          </>
        )}
      </p>
      {then.length > 0 ? (
        <p data-testid="guide-search-then">{t('guideSearchThen', then.join(' → '))}</p>
      ) : null}
      {/* A search that works is one line: its buttons are for one that does not (the guide leaves the
          question box and Research on the first screen). */}
      {typeof result === 'object' && result?.ok ? null : (
        <div class="banner-actions">
          <button
            type="button"
            data-testid="guide-search-test"
            onClick={test}
            disabled={result === 'testing'}
          >
            {t('guideSearchAgain')}
          </button>
          <button type="button" class="link" onClick={() => services.openOptions('search')}>
            {t('openSearchSettings')}
          </button>
        </div>
      )}
    </>
  );
}
