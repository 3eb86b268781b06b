import type { CitedAnswer } from '../../agent/types';
import { domainOf, isWebUrl } from '../../export/domain';
import type { Translate } from '../shared/translate';
import { DomainAvatar } from '../trajectory/domain-avatar';

/** The first passage each cited page was quoted for, by source number: what the card shows on hover. */
export function passagesBySource(cited: CitedAnswer | null): Map<number, string> {
  const out = new Map<number, string>();
  for (const s of cited?.sentences ?? [])
    s.citations.forEach((n, j) => {
      const quote = s.quotes?.[j]?.trim();
      if (quote && !out.has(n)) out.set(n, quote);
    });
  return out;
}

/**
 * The cited pages as a compact row of numbered cards above the answer (domain initial, title, site;
 * no favicon: that would need a fetch or another permission); the passage used shows on hover and
 * on keyboard focus.
 */
export function SourceCards({
  sources,
  passages,
  t,
}: {
  sources: CitedAnswer['sources'];
  passages: ReadonlyMap<number, string>;
  t: Translate;
}) {
  if (sources.length === 0) return null;
  return (
    <div class="sources" data-testid="sources">
      <h3 class="visually-hidden">{t('sourcesTitle')}</h3>
      <ol class="source-chips">
        {[...sources]
          .sort((a, b) => a.n - b.n)
          .map((s) => (
            <li key={s.n} id={`source-${s.n}`}>
              <SourceChip n={s.n} url={s.url} title={s.title} passage={passages.get(s.n)} />
            </li>
          ))}
      </ol>
    </div>
  );
}

/** The pages read but not cited, folded under the answer. */
export function OtherSources({ others, t }: { others: Array<{ url: string; title: string }>; t: Translate }) {
  if (others.length === 0) return null;
  return (
    <details class="other-sources" data-testid="other-sources">
      <summary>{t(others.length === 1 ? 'sourcesOther' : 'sourcesOthers', String(others.length))}</summary>
      <ul>
        {others.map((s) => (
          <li key={s.url}>
            <SourceChip url={s.url} title={s.title} />
          </li>
        ))}
      </ul>
    </details>
  );
}

let passageSeq = 0;

function SourceChip({
  n,
  url,
  title,
  passage,
}: {
  n?: number;
  url: string;
  title: string;
  passage?: string | undefined;
}) {
  const domain = domainOf(url);
  const tip = passage ? `passage-${++passageSeq}` : undefined;
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
  const chip = isWebUrl(url) ? (
    <a class="chip" href={url} target="_blank" rel="noopener noreferrer" title={url} aria-describedby={tip}>
      {body}
    </a>
  ) : (
    <span class="chip">{body}</span>
  );
  if (!passage) return chip;
  return (
    <>
      {chip}
      <span class="chip-passage" role="tooltip" id={tip} data-testid="source-passage">
        “{passage}”
      </span>
    </>
  );
}
