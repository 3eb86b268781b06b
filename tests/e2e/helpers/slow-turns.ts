/** Varied sentences: a repeated one would be cut as degenerate repetition and re-sampled. */
const longThought = (n: number, topic: string) =>
  Array.from({ length: n }, (_, i) => `Thought ${i}: weigh ${topic} source ${i * 7} against ${i * 13}.`).join(
    ' ',
  );

const slowTurn = (n: number, topic: string, action: string) =>
  `<think>\n${longThought(n, topic)}\n</think>\n${action}`;

/**
 * A turn streamed `chunkDelayMs` per 8 characters (the fixture's default is 12 ms), so that it is
 * still being written while a test reads the running panel or acts on it, however slow the machine.
 */
export const slowerTurn = (chunkDelayMs: number, ...turn: Parameters<typeof slowTurn>) => ({
  text: slowTurn(...turn),
  chunkDelayMs,
});
