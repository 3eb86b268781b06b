import type { RunPrivacy } from '../security/run-privacy';
import { inheritedPrivacy } from '../security/run-privacy';
import type { SendAnswer, SendRequest } from '../security/send-gate';
import type { Store } from '../store/open-store';
import type { SessionRecord } from '../store/records';
import type { Approvals } from './approvals';

/** What a run's tools need to keep a private run from sending what the user did not see. */
export interface RunGuard {
  /** What the user typed: never the earlier answer a follow-up carries. */
  userQuestion: string;
  /** Addresses the user gave (their page). */
  ownUrls: string[];
  /** Settles once (a page run reads its page signed out first); every attempt shares it. */
  privacy(signal: AbortSignal): Promise<RunPrivacy>;
  ask(request: SendRequest, signal: AbortSignal): Promise<SendAnswer>;
  allowRest: boolean;
  /** The run read a signed-in page. */
  onPrivate(): void;
}

export interface GuardSpec {
  sessionId: string;
  userQuestion: string;
  ownUrls: string[];
  /** Known privacy, or how to find it (a page run's signed-out read). */
  privacy: RunPrivacy | ((signal: AbortSignal) => Promise<RunPrivacy>);
  allowRest?: boolean | undefined;
}

export function createRunGuard(
  deps: { store: Pick<Store, 'sessions'> },
  approvals: Approvals,
  spec: GuardSpec,
): RunGuard {
  const { sessionId } = spec;
  const save = (privacy: RunPrivacy) =>
    deps.store.sessions.patch(sessionId, { privacy }).then(
      () => privacy,
      () => privacy,
    );
  let settled: Promise<RunPrivacy> | null = typeof spec.privacy === 'string' ? save(spec.privacy) : null;
  approvals.restore(sessionId, spec.allowRest);
  return {
    userQuestion: spec.userQuestion,
    ownUrls: spec.ownUrls,
    privacy(signal) {
      const find = spec.privacy;
      settled ??=
        typeof find === 'string'
          ? save(find)
          : find(signal)
              .catch(() => 'private' as const)
              .then(save);
      return settled;
    },
    ask: (request, signal) => approvals.ask(sessionId, request, signal),
    allowRest: spec.allowRest === true,
    onPrivate: () => {
      settled = save('private');
    },
  };
}

/** A saved session continued: its privacy as recorded (older sessions are judged by where they began). */
export function savedGuardSpec(session: SessionRecord, userQuestion: string): GuardSpec {
  return {
    sessionId: session.id,
    userQuestion,
    ownUrls: session.originUrl ? [session.originUrl] : [],
    privacy: session.privacy ?? inheritedPrivacy(session),
    allowRest: session.allowRest,
  };
}
