/**
 * Why a page could not get an agent tab of its own storage partition (an incognito window in
 * Chrome, a container in Firefox). The reader then refuses the tab rather than fall back to the
 * user's profile; the code travels to the panel, which words it.
 */
import type { VisitFailCode } from '../../../agent/step-result';

export type IsolationCode = Extract<VisitFailCode, 'needs-incognito' | 'needs-container'>;

export class IsolationUnavailable extends Error {
  constructor(readonly code: IsolationCode) {
    super(
      code === 'needs-incognito'
        ? 'This page needs its scripts to be read, and Sleuth runs page scripts only in a private window kept apart from your browsing; Sleuth is not allowed in Incognito, so the page was not read.'
        : 'This page needs its scripts to be read, and Sleuth runs page scripts only in a container kept apart from your browsing, which Firefox did not provide; the page was not read.',
    );
    this.name = 'IsolationUnavailable';
  }
}

export const isIsolationCode = (x: unknown): x is IsolationCode =>
  x === 'needs-incognito' || x === 'needs-container';
