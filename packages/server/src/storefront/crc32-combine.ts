/**
 * CRC-32 of joined byte runs from the runs' own CRCs (zlib's crc32_combine_gen/crc32_combine_op,
 * which Node does not expose): a kept page's long pieces are checksummed once, when kept, and each
 * response only folds in its short nonces (render/page-cache.ts). Arithmetic is in GF(2) modulo the
 * reflected CRC-32 polynomial, as zlib does it.
 */

const POLYNOMIAL = 0xedb88320;
/** x^0 in the reflected representation. */
const ONE = 0x80000000;

/** a(x) * b(x) modulo the polynomial. */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  for (let bit = ONE; bit !== 0; bit >>>= 1) {
    if (a & bit) {
      product ^= b;
      if ((a & (bit - 1)) === 0) break;
    }
    b = b & 1 ? (b >>> 1) ^ POLYNOMIAL : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31. */
const X_TO_2_TO_K: number[] = [];
for (let k = 0, power = ONE >>> 1; k < 32; k++, power = multiplyModP(power, power)) X_TO_2_TO_K.push(power);

/**
 * The operator that appends `length` bytes: pass it to combineCrc32 with the CRC of a run that
 * long. Computed once per run length.
 */
export function crc32Appender(length: number): number {
  // x^(8 * length): each bit of `length` picks x^(2^(k + 3)).
  let power = ONE;
  for (let n = length, k = 3; n > 0; n = Math.floor(n / 2), k++)
    if (n % 2) power = multiplyModP(X_TO_2_TO_K[k % 32] as number, power);
  return power;
}

/** CRC-32 of A then B, from crc(A), crc(B) and crc32Appender(length of B). */
export function combineCrc32(crcA: number, crcB: number, appendB: number): number {
  return (multiplyModP(appendB, crcA) ^ crcB) >>> 0;
}
