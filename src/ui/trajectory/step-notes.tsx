import type { StepNote } from '../../agent/types';
import type { Translate } from '../shared/translate';

const STEER_PREFIX = /^Note from the user:\s*/;

/**
 * What was added to a step's tool response, in the user's terms: their own steer note as they wrote
 * it, "you asked for the answer" instead of the instruction text the model was given.
 */
export function StepNotes({ notes, t }: { notes: readonly StepNote[]; t: Translate }) {
  if (notes.length === 0) return null;
  return (
    <>
      {notes.map((n, i) => (
        <p class={`step-note ${n.kind}`} key={`${i}:${n.kind}`} data-testid="step-note" data-kind={n.kind}>
          {noteText(n, t)}
        </p>
      ))}
    </>
  );
}

export function noteText(n: StepNote, t: Translate): string {
  switch (n.kind) {
    case 'steer':
      return t('noteSteer', n.text.replace(STEER_PREFIX, ''));
    case 'force-answer':
      return t('noteForceAnswer');
    case 'duplicate':
      return t('noteDuplicate');
    case 'format':
      return t('noteFormat');
    case 'context-limit':
      return t('noteContextLimit');
    case 'dropped':
      return t('noteDropped');
  }
}
