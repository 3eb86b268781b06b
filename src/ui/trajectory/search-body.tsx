import { isWebUrl } from '../../export/domain';
import type { SearchGroup } from '../../export/observation';
import { errorWords } from '../errors/error-words';
import { notSentWords } from '../errors/not-sent-words';
import { LineIcon } from '../shared/line-icon';
import type { Translate } from '../shared/translate';
import { DomainAvatar } from './domain-avatar';

const SHOWN = 6;

/** Why a query has no results; a query a private run kept back was never sent, so it did not fail. */
function SearchError({ group, t }: { group: SearchGroup; t: Translate }) {
  const notSent = group.errorInfo ? notSentWords({ errorInfo: group.errorInfo }, t) : null;
  if (notSent !== null)
    return (
      <p class="muted" data-testid="search-not-sent">
        {notSent}
      </p>
    );
  const reason = group.errorInfo ? errorWords(group.errorInfo, t).reason : (group.error ?? '');
  return <p class="muted">{t('cardSearchFailed', reason)}</p>;
}

export function SearchBody({
  queries,
  groups,
  t,
}: {
  queries: string[];
  groups: SearchGroup[];
  t: Translate;
}) {
  return (
    <div class="search-body">
      <ul class="queries" aria-label={t('cardQueries')}>
        {queries.map((q) => (
          <li key={q}>
            <LineIcon name="search" class="icon" /> {q}
          </li>
        ))}
      </ul>
      {groups.map((g, gi) => (
        <div class="result-group" key={`${gi}:${g.query}`}>
          {g.error ? <SearchError group={g} t={t} /> : null}
          {g.hits.length === 0 && !g.error ? <p class="muted">{t('cardNoResults', g.query)}</p> : null}
          <ol class="results" aria-label={t('cardResultsFor', g.query)}>
            {g.hits.slice(0, SHOWN).map((h) => (
              <li key={h.url}>
                <DomainAvatar domain={h.domain} title={h.title} />
                {isWebUrl(h.url) ? (
                  <a href={h.url} target="_blank" rel="noopener noreferrer" title={h.url}>
                    {h.title}
                  </a>
                ) : (
                  <span>{h.title}</span>
                )}
                <span class="domain">{h.domain}</span>
              </li>
            ))}
          </ol>
          {g.hits.length > SHOWN ? (
            <p class="muted">{t('cardMoreResults', String(g.hits.length - SHOWN))}</p>
          ) : null}
        </div>
      ))}
    </div>
  );
}
