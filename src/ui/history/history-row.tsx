import { readCitedAnswer } from '../../export/records';
import { markdownToReadableText } from '../../extract/words';
import type { SessionRecord } from '../../store/records';
import type { Translate } from '../shared/translate';
import { formatWhen } from './history-format';

const SNIPPET = 180;

/** The start of the answer as prose, for a history row. */
export function answerSnippet(answer: string | undefined): string {
  if (!answer) return '';
  const flat = markdownToReadableText(answer).replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET ? `${flat.slice(0, SNIPPET - 1).trimEnd()}…` : flat;
}

/** What a history row's open button shows: the question and the start of its answer. */
export function HistoryRowText({ s }: { s: SessionRecord }) {
  const snippet = answerSnippet(s.answer);
  return (
    <>
      <span class="history-question">{s.question}</span>
      {snippet ? <span class="history-snippet">{snippet}</span> : null}
    </>
  );
}

/** Under it, beside the row's buttons: when, how it ended, how many sources. */
export function HistoryRowMeta({ s, t }: { s: SessionRecord; t: Translate }) {
  const sources = readCitedAnswer(s.citations)?.sources.length ?? 0;
  const meta = [
    formatWhen(s.updatedAt),
    t(`sessionStatus_${s.status}`),
    sources > 0 ? t(sources === 1 ? 'historySource' : 'historySources', String(sources)) : null,
  ].filter(Boolean);
  return <span class="history-meta">{meta.join(' · ')}</span>;
}
