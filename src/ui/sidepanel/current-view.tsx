import type { ComponentChildren } from 'preact';
import type { RunError } from '../../errors/run-error';
import type { Draft } from '../ask/draft';
import { ImportedView } from '../session/imported-view';
import { SessionView } from '../session/session-view';
import type { UiServices } from '../shared/services';
import type { Current } from './use-panel-view';

/** The session (or imported trajectory) on screen in the research tab. */
export function CurrentView(props: {
  services: UiServices;
  current: NonNullable<Current>;
  headAction: ComponentChildren;
  engineProblem: RunError | undefined;
  openSession: (id: string) => void;
  onClose: () => void;
  onError: (error: string) => void;
  begin: (request: Draft, followUpOf?: string) => Promise<boolean>;
}) {
  const { services, current, openSession } = props;
  return current.kind === 'session' ? (
    <SessionView
      key={current.id}
      services={services}
      id={current.id}
      question={current.question}
      onSwitch={(id) => openSession(id)}
      onError={props.onError}
      onOpenSession={(id) => openSession(id)}
      onFollowUp={(question) => props.begin({ question, origin: 'ask' }, current.id)}
      headAction={props.headAction}
      engineProblem={props.engineProblem}
    />
  ) : (
    <ImportedView view={current.view} onClose={props.onClose} headAction={props.headAction} t={services.t} />
  );
}
