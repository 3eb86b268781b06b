import { useEffect, useMemo, useRef } from 'preact/hooks';
import type { AgentStep, CitedAnswer } from '../../agent/types';
import { isWebUrl } from '../../export/domain';
import { pageKey } from '../../security/normalize-url';
import type { Translate } from '../shared/translate';
import { forcedNote } from './forced-note';
import { renderAnswer } from './render-answer';
import { OtherSources, passagesBySource, SourceCards } from './sources-list';

export interface Votes {
  attempts: number;
  agreeing: number;
}

/** The vote a several-attempt run saved in its stats, if any (stats are free-form JSON). */
export function votesOf(stats: unknown): Votes | null {
  if (typeof stats !== 'object' || stats === null || !('votes' in stats)) return null;
  const v = stats.votes;
  if (typeof v !== 'object' || v === null || !('attempts' in v) || !('agreeing' in v)) return null;
  const { attempts, agreeing } = v;
  return typeof attempts === 'number' && typeof agreeing === 'number' ? { attempts, agreeing } : null;
}

/** Escape hides the supporting quote of the focused citation until focus leaves it (WCAG 1.4.13). */
function quietQuote(e: KeyboardEvent): void {
  const el = e.target;
  if (e.key === 'Escape' && el instanceof HTMLElement && el.classList.contains('citation'))
    el.setAttribute('data-quiet', '');
}

function wakeQuote(e: FocusEvent): void {
  if (e.target instanceof HTMLElement) e.target.removeAttribute('data-quiet');
}

export function AnswerView({
  text,
  citations,
  forced,
  steps,
  stepLimit,
  votes,
  model,
  t,
}: {
  text: string;
  citations: CitedAnswer | null;
  forced: boolean;
  steps: readonly AgentStep[];
  /** The step limit the run ran under, to name the cause in runs saved before it was stored. */
  stepLimit?: number | undefined;
  /** Set when several attempts voted on this answer. */
  votes?: Votes | null;
  /** The model that wrote the answer, as the session saved it. */
  model?: string | undefined;
  t: Translate;
}) {
  const html = useMemo(() => {
    const read = new Set(steps.flatMap((s) => s.sources.map((p) => pageKey(p.url))));
    return renderAnswer(text, citations, { unsupported: t('answerUnsupported') }, (url) =>
      read.has(pageKey(url)),
    );
  }, [text, citations, steps, t]);
  // The citations' tooltips are markup inside the rendered HTML: listen on the container.
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = body.current;
    if (!el) return;
    el.addEventListener('keydown', quietQuote);
    el.addEventListener('focusout', wakeQuote);
    return () => {
      el.removeEventListener('keydown', quietQuote);
      el.removeEventListener('focusout', wakeQuote);
    };
  }, []);
  const cited = citations?.sources ?? [];
  const passages = useMemo(() => passagesBySource(citations), [citations]);
  // Pages read but not cited, first read first; one pass with a set (a 200-step run reads ~100 pages,
  // and a findIndex per page made this quadratic on every render of the session view).
  const otherPages = useMemo(() => {
    const seen = new Set((citations?.sources ?? []).map((s) => pageKey(s.url)));
    const out: Array<{ url: string; title: string }> = [];
    for (const p of steps.flatMap((s) => s.sources)) {
      const key = pageKey(p.url);
      if (seen.has(key)) continue;
      seen.add(key);
      if (isWebUrl(p.url)) out.push(p);
    }
    return out;
  }, [steps, citations]);
  return (
    <section class="answer" aria-labelledby="answer-title" data-testid="answer-section">
      <h2 id="answer-title" class="visually-hidden">
        {t('answerTitle')}
      </h2>
      {forced ? <p class="note">{forcedNote(steps, t, stepLimit)}</p> : null}
      {votes && votes.attempts > 1 ? (
        <p class="small muted" data-testid="votes">
          {t('answerVotes', [String(votes.agreeing), String(votes.attempts)])}
        </p>
      ) : null}
      {/* Sources lead: what the answer stands on is the first thing the eye meets. */}
      <SourceCards sources={cited} passages={passages} t={t} />
      {/* Safe: renderAnswer runs DOMPurify and adds only markup built from our own data. */}
      <div class="answer-body" data-testid="answer" ref={body} dangerouslySetInnerHTML={{ __html: html }} />
      {model ? (
        <p class="small muted answer-model" data-testid="answer-model">
          {t('answerWrittenBy', model)}
        </p>
      ) : null}
      <OtherSources others={otherPages} t={t} />
    </section>
  );
}
