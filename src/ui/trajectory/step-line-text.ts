import { readStepResult } from '../../agent/read-step-result';
import type { AgentStep } from '../../agent/types';
import { domainOf } from '../../export/domain';
import { notSentWords, visitFailWords } from '../errors/not-sent-words';
import type { Translate } from '../shared/translate';

/** How a step went, for the mark at the end of its line. */
export type LineOutcome = 'ok' | 'failed' | 'partial' | 'pending' | 'none';

export interface StepLineText {
  text: string;
  outcome: LineOutcome;
  /** Why it failed, or how much it found, in a few words. */
  detail: string;
}

const places = (urls: readonly string[]) => [...new Set(urls.map((u) => domainOf(u) || u))].join(', ');

/**
 * One line per step, in words a person reads ("Searched: …", "Read sre.google"), built from the
 * step's results; never the model's raw tool-call JSON.
 */
export function stepLineText(step: AgentStep, t: Translate): StepLineText {
  const a = step.action;
  const pending = step.status === 'pending';
  if (step.duplicateOf !== null) {
    return { text: t('lineDuplicate', String(step.duplicateOf + 1)), outcome: 'none', detail: '' };
  }
  if (a.kind === 'search') {
    const queries = a.query.join(' · ');
    if (pending) return { text: t('lineSearching', queries), outcome: 'pending', detail: '' };
    const result = readStepResult(step);
    const searches = result?.tool === 'search' ? result.searches : [];
    const hits = searches.reduce((n, s) => n + s.hits.length, 0);
    const failed = searches.filter((s) => s.error);
    const notSent = failed.map((s) => notSentWords(s, t));
    if (searches.length > 0 && notSent.length === searches.length && notSent.every((w) => w !== null)) {
      return { text: t('lineSearchNotSent', queries), outcome: 'none', detail: notSent[0] ?? '' };
    }
    if (searches.length > 0 && failed.length === searches.length) {
      return {
        text: t('lineSearchFailed', queries),
        outcome: 'failed',
        detail: failed[0]?.error ?? '',
      };
    }
    return {
      text: t('lineSearched', queries),
      outcome: failed.length > 0 ? 'partial' : hits > 0 ? 'ok' : 'failed',
      detail: hits > 0 ? t('lineHits', String(hits)) : t('lineNoHits'),
    };
  }
  if (a.kind === 'visit') {
    if (pending) return { text: t('lineReading', places(a.url)), outcome: 'pending', detail: '' };
    const result = readStepResult(step);
    const pages = result?.tool === 'visit' ? result.pages : [];
    const read = pages.filter((p) => p.ok);
    const failed = pages.filter((p) => !p.ok);
    if (pages.length > 0 && read.length === 0) {
      return {
        text: t('lineReadFailed', places(failed.map((p) => p.url))),
        outcome: 'failed',
        detail: failed[0] ? visitFailWords(failed[0], t) : '',
      };
    }
    if (failed.length > 0) {
      return {
        text: t('lineRead', places(read.map((p) => p.url))),
        outcome: 'partial',
        detail: t('lineReadSome', [String(read.length), String(pages.length)]),
      };
    }
    return { text: t('lineRead', places(a.url)), outcome: pages.length > 0 ? 'ok' : 'none', detail: '' };
  }
  if (a.kind === 'answer') return { text: t('lineAnswer'), outcome: 'ok', detail: '' };
  return { text: t('lineInvalid'), outcome: 'failed', detail: a.message };
}
