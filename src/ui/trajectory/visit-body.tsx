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

export function VisitBody({
  urls,
  goal,
  frames,
  t,
}: {
  urls: string[];
  goal: string;
  frames: VisitEvidence[];
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
          // Shown as a reader sees it: link targets and emphasis markers would only be noise here.
          const evidence = frame ? markdownToReadableText(frame.evidence || frame.summary) : '';
          return (
            <li key={url}>
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
              {evidence ? (
                <blockquote class="evidence" aria-label={t('cardEvidence')}>
                  {evidence.length > EVIDENCE_CHARS ? `${evidence.slice(0, EVIDENCE_CHARS)}…` : evidence}
                </blockquote>
              ) : null}
              {frame?.via ? (
                <p class="small muted read-via" data-testid="read-via" data-via={frame.via}>
                  {t(VIA_KEY[frame.via])}
                </p>
              ) : null}
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
