import { useMemo } from 'preact/hooks';
import type { AgentStep } from '../../agent/types';
import { pageKey } from '../../security/normalize-url';
import type { Translate } from '../shared/translate';
import { renderAnswer } from './render-answer';

/**
 * The answer as it is being written: its markdown rendered on each frame through the same sanitiser
 * and link rule as the finished answer (only pages read are links); citations come when it is done.
 */
export function StreamingAnswer({
  text,
  steps,
  t,
}: {
  text: string;
  steps: readonly AgentStep[];
  t: Translate;
}) {
  const read = useMemo(() => new Set(steps.flatMap((s) => s.sources.map((p) => pageKey(p.url)))), [steps]);
  const html = useMemo(
    () => renderAnswer(text, null, { unsupported: t('answerUnsupported') }, (url) => read.has(pageKey(url))),
    [text, read, t],
  );
  return (
    <section
      class="answer streaming"
      aria-labelledby="answer-draft-title"
      aria-busy="true"
      data-testid="answer-draft"
    >
      <h2 id="answer-draft-title" class="visually-hidden">
        {t('answerTitle')}
      </h2>
      {/* Safe: renderAnswer runs DOMPurify over the markdown. */}
      <div class="answer-body" dangerouslySetInnerHTML={{ __html: html }} />
      <p class="small muted answer-checking">{t('answerStreaming')}</p>
    </section>
  );
}
