/** Cryptographically strong random bytes. A port so that the domain needs no runtime import and tests can force collisions. */
export interface RandomSource {
  bytes(length: number): Uint8Array;
}

/** Maps random bytes onto `alphabet` without modulo bias (rejection sampling). */
export function randomString(random: RandomSource, alphabet: string, length: number): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of random.bytes(length * 2)) {
      if (byte < limit) out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}
