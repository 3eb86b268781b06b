import { type RunError, readRunError } from '../errors/run-error';
import { SEARCH_FAILED_LEAD } from '../errors/search-failed';

/**
 * The error a session record carries, as a RunError. Sessions saved before errors had codes kept an
 * English sentence only: it is shown as stored (`stored-text`), less the lead sentence of a run whose
 * every search failed, which the panel's heading says in the user's language. The earliest of those
 * put the reason in parentheses and the pointer to Options after it.
 */
const OLD =
  /^Every search of this run failed, so nothing was found on the web \(([\s\S]*)\)\. (Check the search providers in Options → Search\.)$/;

export function sessionRunError(rec: {
  error?: string;
  errorCode?: string;
  errorInfo?: unknown;
}): RunError | null {
  const coded = readRunError(rec.errorInfo);
  if (coded || !rec.error?.trim()) return coded;
  if (rec.errorCode !== 'search-failed') return readRunError(undefined, rec.error);
  return readRunError(undefined, searchFailureText(rec.error));
}

function searchFailureText(message: string): string {
  const old = OLD.exec(message);
  if (old) {
    const reason = (old[1] ?? '').trim();
    return reason.includes('Options → Search') ? reason : `${reason} ${old[2]}`;
  }
  return message.startsWith(SEARCH_FAILED_LEAD) ? message.slice(SEARCH_FAILED_LEAD.length).trim() : message;
}
