import type { CitedAnswer } from '../../agent/types';
import { domainOf, isWebUrl } from '../../export/domain';
import type { Translate } from '../shared/translate';
import { DomainAvatar } from '../trajectory/domain-avatar';

/**
 * The cited pages as numbered chips under the answer (domain initial and title, no favicon: that
 * would need a fetch or another permission), then the pages read but not cited, folded.
 */
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
          <h3 class="visually-hidden">{t('sourcesTitle')}</h3>
          <ol class="source-chips">
            {[...sources]
              .sort((a, b) => a.n - b.n)
              .map((s) => (
                <li key={s.n} id={`source-${s.n}`}>
                  <SourceChip n={s.n} url={s.url} title={s.title} />
                </li>
              ))}
          </ol>
        </>
      ) : null}
      {others.length > 0 ? (
        <details class="other-sources">
          <summary>{t('sourcesOthers', String(others.length))}</summary>
          <ul>
            {others.map((s) => (
              <li key={s.url}>
                <SourceChip url={s.url} title={s.title} />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

function SourceChip({ n, url, title }: { n?: number; url: string; title: string }) {
  const domain = domainOf(url);
  const body = (
    <>
      {n !== undefined ? <span class="chip-n">{n}</span> : null}
      <DomainAvatar domain={domain} title={title} />
      <span class="chip-text">
        <span class="chip-title">{title || domain || url}</span>
        <span class="chip-domain">{domain}</span>
      </span>
      <span class="url visually-hidden">{url}</span>
    </>
  );
  return isWebUrl(url) ? (
    <a class="chip" href={url} target="_blank" rel="noopener noreferrer" title={url}>
      {body}
    </a>
  ) : (
    <span class="chip">{body}</span>
  );
}
