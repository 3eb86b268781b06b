/** The words of a thrown value, for the error banner. */
export const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
