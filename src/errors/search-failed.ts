/** The first sentence of the message; the panel's banner says it in its heading and shows the rest. */
export const SEARCH_FAILED_LEAD = 'Every search of this run failed, so nothing was found on the web.';

/**
 * The run's error: the lead, then the reason as its own sentences (it was put in parentheses, which
 * nested its own "(404)" and "Options → Search." inside them), then where to fix it unless the
 * reason already says.
 */
export const SEARCH_FAILED_MESSAGE = (reason: string) => {
  const said = reason.trim().replace(/([^.!?。])$/u, '$1.');
  const where = said.includes('Options → Search') ? '' : ' Check the search providers in Options → Search.';
  return `${SEARCH_FAILED_LEAD} ${said}${where}`;
};
