import { readCitedAnswer } from '../../export/records';
import { markdownToReadableText } from '../../extract/words';
import type { SessionRecord } from '../../store/records';
import { leadSentences } from '../../text/sentences';
import type { Translate } from '../shared/translate';
import { formatWhen } from './history-format';

const SNIPPET = 180;

// Lines that are not prose: headings, a bold line standing as one ("**Short answer**"), table
// rows, rules. A list item is prose of a lower rank, read only when the answer has no paragraph.
const HEADING = /^(#{1,6}\s|(\*\*|__)[^*_]+(\*\*|__):?$|\||[-*_=]{3,}$)/;
const LIST_ITEM = /^([-*+]|\d+[.)])\s+/;
const FENCE = /^(```|~~~)/;

/** The answer's prose lines, in order, without headings, code, tables and markers. */
function proseOf(answer: string): string {
  const paragraphs: string[] = [];
  const items: string[] = [];
  let code = false;
  for (const raw of answer.split('\n')) {
    const line = raw.trim().replace(/^>\s*/, '');
    if (FENCE.test(line)) code = !code;
    if (code || FENCE.test(line) || !line || HEADING.test(line)) continue;
    if (LIST_ITEM.test(line)) items.push(line.replace(LIST_ITEM, ''));
    else paragraphs.push(line);
  }
  return (paragraphs.length > 0 ? paragraphs : items).join('\n');
}

/** The first sentences of the answer's prose, for a history row (never its headings or markup). */
export function answerSnippet(answer: string | undefined): string {
  if (!answer) return '';
  const prose = markdownToReadableText(proseOf(answer)) || markdownToReadableText(answer);
  return leadSentences(prose, 3, SNIPPET);
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
