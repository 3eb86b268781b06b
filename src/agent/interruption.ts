/**
 * A tool call that could not finish for a reason outside the run (the user closed the tab being
 * read): not a failed page the model should be told about, but a pause. The step stays pending, so
 * Continue runs the call again instead of the model seeing a failure it did not cause.
 */
export class RunInterrupted extends Error {
  override readonly name = 'RunInterrupted';
  constructor(
    readonly code: 'tab-closed',
    message: string,
    readonly hint = '',
  ) {
    super(message);
  }
}

export const isInterruption = (err: unknown): err is RunInterrupted =>
  err instanceof Error && err.name === 'RunInterrupted';
