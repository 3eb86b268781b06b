import { useState } from 'preact/hooks';
import { domainOf, isWebUrl } from '../../export/domain';
import type { VisitEvidence } from '../../export/observation';
import { markdownToReadableText } from '../../extract/words';
import type { Translate } from '../shared/translate';
import { DomainAvatar } from './domain-avatar';

const EVIDENCE_CHARS = 600;

const VIA_KEY = {
  fetch: 'cardReadViaFetch',
  'new-tab': 'cardReadViaNewTab',
  'open-tab': 'cardReadViaOpenTab',
  cache: 'cardReadViaCache',
} as const;

const count = (n: number) => n.toLocaleString('en-US');

/** Evidence cut to a readable length, with "Show more" for the rest. */
function Evidence({ text, t }: { text: string; t: Translate }) {
  const [all, setAll] = useState(false);
  const long = text.length > EVIDENCE_CHARS;
  return (
    <>
      <blockquote class="evidence" aria-label={t('cardEvidence')}>
        {long && !all ? `${text.slice(0, EVIDENCE_CHARS)}…` : text}
      </blockquote>
      {long ? (
        <button type="button" class="link small" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? t('cardShowLess') : t('cardShowMore')}
        </button>
      ) : null}
    </>
  );
}

export function VisitBody({
  urls,
  goal,
  frames,
  failed,
  t,
}: {
  urls: string[];
  goal: string;
  frames: VisitEvidence[];
  /** Pages that could not be read, with why. */
  failed?: ReadonlyMap<string, string>;
  t: Translate;
}) {
  const byUrl = new Map(frames.map((f) => [f.url, f]));
  return (
    <div class="visit-body">
      <p class="goal">
        <strong>{t('cardGoal')}</strong> {goal}
      </p>
      <ul class="pages">
        {urls.map((url) => {
          const domain = domainOf(url) || url;
          const frame = byUrl.get(url);
          const why = failed?.get(url.trim());
          // Shown as a reader sees it: link targets and emphasis markers would only be noise here.
          const evidence =
            frame && why === undefined ? markdownToReadableText(frame.evidence || frame.summary) : '';
          return (
            <li key={url} data-read={why === undefined ? 'yes' : 'no'}>
              <div class="page-head">
                <DomainAvatar domain={domain} />
                <span class="domain">{domain}</span>
                {isWebUrl(url) ? (
                  <a href={url} target="_blank" rel="noopener noreferrer" title={url} class="open-page">
                    {t('cardOpenPage')}
                  </a>
                ) : null}
              </div>
              <p class="url" title={url}>
                {url}
              </p>
              {why !== undefined ? (
                <p class="page-failed">{t('cardPageFailed', why || t('cardPageFailedUnknown'))}</p>
              ) : null}
              {frame?.via ? (
                <p class="small muted read-via" data-testid="read-via" data-via={frame.via}>
                  {t(VIA_KEY[frame.via])}
                </p>
              ) : null}
              {frame?.readNote ? (
                <p class="small muted read-note" role="note" data-testid="read-note">
                  {frame.readNote}
                </p>
              ) : null}
              {frame?.cut ? (
                <p class="small muted page-cut" role="note" data-testid="page-cut">
                  {t('cardPageCut', [count(frame.cut.read), count(frame.cut.total)])}
                </p>
              ) : null}
              {evidence ? <Evidence text={evidence} t={t} /> : null}
              {frame?.note ? (
                <p class="small muted summary-note" role="note" data-testid="summary-note">
                  {frame.note}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
