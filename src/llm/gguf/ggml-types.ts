/**
 * Byte sizes of ggml tensor types, so a tensor's length is known from its header entry alone
 * (type id → elements per block and bytes per block, as ggml defines them). Ids missing here
 * were retired from ggml; a tensor of such a type is reported as unsupported.
 */
const TYPES: Readonly<Record<number, readonly [name: string, block: number, bytes: number]>> = {
  0: ['F32', 1, 4],
  1: ['F16', 1, 2],
  2: ['Q4_0', 32, 18],
  3: ['Q4_1', 32, 20],
  6: ['Q5_0', 32, 22],
  7: ['Q5_1', 32, 24],
  8: ['Q8_0', 32, 34],
  9: ['Q8_1', 32, 36],
  10: ['Q2_K', 256, 84],
  11: ['Q3_K', 256, 110],
  12: ['Q4_K', 256, 144],
  13: ['Q5_K', 256, 176],
  14: ['Q6_K', 256, 210],
  15: ['Q8_K', 256, 292],
  16: ['IQ2_XXS', 256, 66],
  17: ['IQ2_XS', 256, 74],
  18: ['IQ3_XXS', 256, 98],
  19: ['IQ1_S', 256, 50],
  20: ['IQ4_NL', 32, 18],
  21: ['IQ3_S', 256, 110],
  22: ['IQ2_S', 256, 82],
  23: ['IQ4_XS', 256, 136],
  24: ['I8', 1, 1],
  25: ['I16', 1, 2],
  26: ['I32', 1, 4],
  27: ['I64', 1, 8],
  28: ['F64', 1, 8],
  29: ['IQ1_M', 256, 56],
  30: ['BF16', 1, 2],
  34: ['TQ1_0', 256, 54],
  35: ['TQ2_0', 256, 66],
  39: ['MXFP4', 32, 17],
};

export const GGML_TYPE = { F32: 0, F16: 1, Q8_0: 8 } as const;

export function ggmlTypeName(type: number): string {
  return TYPES[type]?.[0] ?? `type ${type}`;
}

/** Bytes a tensor of this type and shape occupies, or null when the type or row length is not valid. */
export function tensorByteLength(type: number, dims: readonly number[]): number | null {
  const t = TYPES[type];
  if (!t) return null;
  const [, block, bytes] = t;
  const [row = 1, ...rest] = dims;
  if (row % block !== 0) return null;
  return (row / block) * bytes * rest.reduce((a, b) => a * b, 1);
}
