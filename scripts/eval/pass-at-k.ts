/**
 * Pass@k with the unbiased estimator of Chen et al. (2021): with n attempts of which c are correct,
 * the chance that k attempts drawn without replacement hold at least one correct one is
 * 1 − C(n−c, k) / C(n, k). Computed as a product so large n does not overflow.
 */
export function passAtK(n: number, c: number, k: number): number {
  if (!Number.isInteger(n) || !Number.isInteger(c) || !Number.isInteger(k))
    throw new RangeError('pass@k needs whole numbers');
  if (n < 0 || c < 0 || c > n) throw new RangeError(`pass@k: ${c} correct of ${n} attempts is impossible`);
  if (k < 1 || k > n) throw new RangeError(`pass@k: k must be between 1 and n (${n}), got ${k}`);
  // Every draw of k must include a correct attempt when fewer than k attempts are wrong.
  if (n - c < k) return 1;
  let allWrong = 1;
  for (let i = n - c + 1; i <= n; i++) allWrong *= 1 - k / i;
  return 1 - allWrong;
}

/**
 * Mean pass@k over questions, for k = 1..maxK. A question enters the mean for k only when it has at
 * least k attempts (attempts lost to errors make n smaller); null when no question qualifies.
 */
export function meanPassAtK(
  perQuestion: ReadonlyArray<{ n: number; c: number }>,
  maxK: number,
): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (let k = 1; k <= maxK; k++) {
    const eligible = perQuestion.filter((q) => q.n >= k);
    out[String(k)] =
      eligible.length === 0 ? null : eligible.reduce((s, q) => s + passAtK(q.n, q.c, k), 0) / eligible.length;
  }
  return out;
}
