import { randomBytes } from 'node:crypto';
import type { RandomSource } from '@campsite/domain';

/** The CSPRNG behind API keys and booking references. */
export const cryptoRandomSource: RandomSource = { bytes: (length) => randomBytes(length) };
