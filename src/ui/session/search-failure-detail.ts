import { SEARCH_FAILED_LEAD } from '../../agent/search-failure';

/**
 * What a run whose every search failed says beyond the banner's heading ("Every search failed, so
 * this run found nothing on the web."): the reason and its fix, without the run's own first sentence,
 * which says the same. Sessions saved before the message changed put the reason in parentheses and
 * ended with "Check the search providers in Options → Search." after it.
 */
const OLD =
  /^Every search of this run failed, so nothing was found on the web \(([\s\S]*)\)\. (Check the search providers in Options → Search\.)$/;

export function searchFailureDetail(message: string): string {
  const old = OLD.exec(message);
  if (old) {
    const reason = (old[1] ?? '').trim();
    return reason.includes('Options → Search') ? reason : `${reason} ${old[2]}`;
  }
  return message.startsWith(SEARCH_FAILED_LEAD) ? message.slice(SEARCH_FAILED_LEAD.length).trim() : message;
}
