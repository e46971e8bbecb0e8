// The response headers of the OpenAPI document, kept once in `components.headers` (document.ts), and references
// to them.

const integerHeader = (description: string, required: boolean) => ({
  description,
  required,
  schema: { type: 'string', pattern: '^\\d+$' },
});

export const HEADERS = {
  'X-Request-Id': {
    description:
      'Identifies this request in our logs; quote it when you report a problem. A client-sent `X-Request-Id` of ' +
      '1–128 characters from `[A-Za-z0-9._-]` is echoed, otherwise a fresh one is made.',
    required: true,
    schema: { type: 'string', minLength: 1 },
  },
  'Strict-Transport-Security': {
    description: 'On every answer: use HTTPS only.',
    required: true,
    schema: { type: 'string', examples: ['max-age=31536000'] },
  },
  'X-Content-Type-Options': { description: 'On every answer.', required: true, schema: { const: 'nosniff' } },
  'Cache-Control': {
    description: 'On every answer: nothing is stored by caches along the way.',
    required: true,
    schema: { const: 'no-store' },
  },
  'RateLimit-Limit': integerHeader('Requests allowed per window for this key.', true),
  'RateLimit-Remaining': integerHeader('Requests left in the current window.', true),
  'RateLimit-Reset': integerHeader('Seconds until the window resets.', true),
  'Retry-After': integerHeader('Seconds to wait before retrying.', true),
  Location: {
    description: 'The absolute URL of the created record (a booking, a quote).',
    required: true,
    schema: { type: 'string', format: 'uri' },
  },
  'WWW-Authenticate': { description: 'Always `Bearer`.', required: true, schema: { const: 'Bearer' } },
  ETag: {
    description: 'A strong validator of the exact bytes; send it back as `If-None-Match` to get 304 while they are unchanged.',
    required: true,
    schema: { type: 'string', pattern: '^"[^"]*"$' },
  },
  'Content-Disposition': {
    description: 'An attachment named `<invoice_number>.pdf` (characters outside `A-Za-z0-9._-` become `_`).',
    required: true,
    schema: { type: 'string', pattern: '^attachment; filename="[A-Za-z0-9._-]+"$' },
  },
  'Idempotent-Replayed': {
    description: 'On a 201 that repeats the stored answer of an earlier request with the same `Idempotency-Key`: nothing was created.',
    required: false,
    schema: { const: 'true' },
  },
  Allow: { description: 'The methods this path has.', required: true, schema: { type: 'string', examples: ['GET, POST, HEAD'] } },
} as const;

type HeaderName = keyof typeof HEADERS;

export const headerRef = (name: HeaderName) => ({ $ref: `#/components/headers/${name}` });

/** RateLimit-* on an answer the limiter has seen; `optional` where the answer may end before the key is known. */
export function rateLimitHeaders(optional: boolean): Record<string, unknown> {
  const names: HeaderName[] = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];
  return Object.fromEntries(names.map((name) => [name, optional ? { ...HEADERS[name], required: false } : headerRef(name)]));
}
