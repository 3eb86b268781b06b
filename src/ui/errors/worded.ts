/** An error in the user's language: what went wrong, then what to do about it (when the user can). */
export interface Worded {
  reason: string;
  fix?: string;
}
