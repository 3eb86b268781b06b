import { useMemo } from 'preact/hooks';
import type { AgentStep, CitedAnswer } from '../../agent/types';
import { isWebUrl } from '../../export/domain';
import type { Translate } from '../shared/translate';
import { renderAnswer } from './render-answer';
import { SourcesList } from './sources-list';

export function AnswerView({
  text,
  citations,
  forced,
  steps,
  t,
}: {
  text: string;
  citations: CitedAnswer | null;
  forced: boolean;
  steps: readonly AgentStep[];
  t: Translate;
}) {
  const html = useMemo(
    () => renderAnswer(text, citations, { unsupported: t('answerUnsupported') }),
    [text, citations, t],
  );
  const cited = citations?.sources ?? [];
  const citedUrls = new Set(cited.map((s) => s.url));
  const otherPages = steps
    .flatMap((s) => s.sources)
    .filter(
      (p, i, all) => !citedUrls.has(p.url) && all.findIndex((q) => q.url === p.url) === i && isWebUrl(p.url),
    );
  return (
    <section class="answer" aria-labelledby="answer-title">
      <h2 id="answer-title">{t('answerTitle')}</h2>
      {forced ? <p class="note">{t('answerForced')}</p> : null}
      {/* Safe: renderAnswer runs DOMPurify and adds only markup built from our own data. */}
      <div class="answer-body" data-testid="answer" dangerouslySetInnerHTML={{ __html: html }} />
      <SourcesList sources={cited} others={otherPages} t={t} />
    </section>
  );
}
