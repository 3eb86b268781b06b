/** The DR-Venus `visit` observation frame (ARCHITECTURE §4), byte for byte. */

export interface VisitObservation {
  url: string;
  goal: string;
  evidence: string;
  summary: string;
}

/** Separates the observations of several URLs in one visit result. */
export const VISIT_SEPARATOR = '\n=======\n';

export const UNREADABLE_SUMMARY = 'The page could not be read.';

export function formatVisitObservation({ url, goal, evidence, summary }: VisitObservation): string {
  return `The useful information in ${url} for user goal ${goal} as follows: \n\nEvidence in page: \n${evidence}\n\nSummary: \n${summary}\n\n`;
}

/** The same frame for a page that failed, with a plain reason in the evidence slot. */
export function formatVisitFailure(url: string, goal: string, reason: string): string {
  return formatVisitObservation({ url, goal, evidence: reason, summary: UNREADABLE_SUMMARY });
}

export function joinVisitObservations(observations: string[]): string {
  return observations.join(VISIT_SEPARATOR);
}
