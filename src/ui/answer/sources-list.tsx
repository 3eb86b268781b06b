import type { CitedAnswer } from '../../agent/types';
import { domainOf, isWebUrl } from '../../export/domain';
import type { Translate } from '../shared/translate';
import { DomainAvatar } from '../trajectory/domain-avatar';

export function SourcesList({
  sources,
  others,
  t,
}: {
  sources: CitedAnswer['sources'];
  others: Array<{ url: string; title: string }>;
  t: Translate;
}) {
  if (sources.length === 0 && others.length === 0) return null;
  return (
    <div class="sources" data-testid="sources">
      {sources.length > 0 ? (
        <>
          <h3>{t('sourcesTitle')}</h3>
          <ol>
            {[...sources]
              .sort((a, b) => a.n - b.n)
              .map((s) => (
                <li key={s.n} value={s.n} id={`source-${s.n}`}>
                  <SourceLink url={s.url} title={s.title} />
                </li>
              ))}
          </ol>
        </>
      ) : null}
      {others.length > 0 ? (
        <details>
          <summary>{t('sourcesOthers', String(others.length))}</summary>
          <ul>
            {others.map((s) => (
              <li key={s.url}>
                <SourceLink url={s.url} title={s.title} />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

function SourceLink({ url, title }: { url: string; title: string }) {
  const domain = domainOf(url);
  return (
    <span class="source">
      <DomainAvatar domain={domain} />
      {isWebUrl(url) ? (
        <a href={url} target="_blank" rel="noopener noreferrer" title={url}>
          {title || url}
        </a>
      ) : (
        <span>{title || url}</span>
      )}
      <span class="url">{url}</span>
    </span>
  );
}
