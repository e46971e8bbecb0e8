import { z } from 'zod';
import { detail } from './responses.schema';

/** The `Idempotency-Key` header of POST /bookings/ and its three refusals (docs/channel-managers.md, "Retrying safely"). */
export const IDEMPOTENCY_KEY_HEADER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Optional. 1 to 255 characters of visible ASCII (a fresh UUID per booking attempt). A retry with the same key ' +
    'and the same body within 24 hours answers the stored 201 again, with `Idempotent-Replayed: true`, and ' +
    'creates nothing. Keys belong to the tenant.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[!-~]+$' },
  example: '5b0e8a52-2f4c-4f57-9a53-3f1f0f0c8f11',
} as const;

export const invalidIdempotencyKeySchema = detail(
  'InvalidIdempotencyKey',
  'Machine code `invalid_idempotency_key`: the `Idempotency-Key` header is empty, longer than 255, not visible ' +
    'ASCII, or sent twice. Nothing was created.',
  z.literal('invalid_idempotency_key'),
);
export const idempotencyKeyInUseSchema = detail(
  'IdempotencyKeyInUse',
  'Machine code `idempotency_key_in_use`: the first request with this key is still running. Retry shortly with the same key.',
  z.literal('idempotency_key_in_use'),
);
export const idempotencyKeyReusedSchema = detail(
  'IdempotencyKeyReused',
  'Machine code `idempotency_key_reused`: this key was used with another body in the last 24 hours. Use a new key for a new attempt.',
  z.literal('idempotency_key_reused'),
);
