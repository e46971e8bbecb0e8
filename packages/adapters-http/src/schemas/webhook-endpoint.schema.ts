import {
  CHANGE_TYPES,
  type ChangeType,
  DomainError,
  type FieldErrors,
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_STATUSES,
  type WebhookEndpointInput,
} from '@campsite/domain';
import { z } from 'zod';
import type { PyJson } from '../drf-compat/json-parser';
import { pyTypeName } from '../drf-compat/text';
import { MESSAGES, charField, requireObject, toFieldErrors } from './drf-fields';
import { fieldErrorsOf, requestComponents } from './responses.schema';

const notAChoice = (value: PyJson) => `"${typeof value === 'string' ? value : JSON.stringify(value)}" is not a valid choice.`;

/** DRF `MultipleChoiceField`: a list of the choices, duplicates folded; the use case refuses an empty one. */
const typesField = z
  .unknown()
  .transform((input, ctx): ChangeType[] => {
    const fail = (message: string) => {
      ctx.issues.push({ code: 'custom', message, input });
      return z.NEVER;
    };
    if (input === null) return fail(MESSAGES.null);
    if (!Array.isArray(input)) return fail(`Expected a list of items but got type "${pyTypeName(input as PyJson)}".`);
    const bad = (input as PyJson[]).find((item) => typeof item !== 'string' || !(CHANGE_TYPES as readonly string[]).includes(item));
    if (bad !== undefined) return fail(notAChoice(bad));
    return input as ChangeType[];
  })
  .meta({
    type: 'array',
    items: { enum: [...CHANGE_TYPES] },
    minItems: 1,
    description:
      'Change types to deliver; duplicates are folded. Default: every type the key can read. A type the key cannot read: ' +
      '`{"types":["Not readable with this key: customer."]}`.',
    examples: [['booking']],
  });

/** DRF `ChoiceField` over the endpoint statuses. */
const statusField = z
  .unknown()
  .transform((input, ctx) => {
    if (typeof input === 'string' && (WEBHOOK_STATUSES as readonly string[]).includes(input))
      return input as (typeof WEBHOOK_STATUSES)[number];
    ctx.issues.push({ code: 'custom', message: input === null ? MESSAGES.null : notAChoice(input as PyJson), input });
    return z.NEVER;
  })
  .meta({
    enum: [...WEBHOOK_STATUSES],
    description: '`paused` stops delivery and keeps the position; `active` resumes from it.',
    examples: ['paused'],
  });

/** DRF `BooleanField`, limited to JSON booleans. */
const booleanField = z
  .unknown()
  .transform((input, ctx) => {
    if (typeof input === 'boolean') return input;
    ctx.issues.push({ code: 'custom', message: input === null ? MESSAGES.null : 'Must be a valid boolean.', input });
    return z.NEVER;
  })
  .meta({
    type: 'boolean',
    description: 'True: the secrets before the new one stop signing at once instead of in 24 hours.',
    examples: [true],
  });

// The URL's own rules (length included) are the use case's, with their one message; the description's length is DRF's.
const FIELDS = {
  url: charField({ required: true }, Number.MAX_SAFE_INTEGER),
  types: typesField,
  after: charField({ required: true }, Number.MAX_SAFE_INTEGER),
  description: charField({ required: true }, 200),
  status: statusField,
  expire_previous: booleanField,
} as const;

type FieldName = keyof typeof FIELDS;
type Values = { [K in FieldName]?: z.output<(typeof FIELDS)[K]> };

/**
 * Reads the `names` fields of a body, in that order (DRF's declaration order, which is its error order): an absent
 * field is left out, or reported when it is in `required`; unknown keys are ignored.
 */
function readFields(body: PyJson, names: readonly FieldName[], required: readonly FieldName[] = []): Values {
  const object = requireObject(body);
  const values: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  for (const name of names) {
    const raw = object[name];
    if (raw === undefined) {
      if (required.includes(name)) errors[name] = [MESSAGES.required];
      continue;
    }
    const parsed = FIELDS[name].safeParse(raw);
    if (parsed.success) values[name] = parsed.data;
    else Object.assign(errors, toFieldErrors(parsed.error.issues.map((issue) => ({ ...issue, path: [name] }))));
  }
  if (Object.keys(errors).length > 0) throw DomainError.validation(errors);
  return values as Values;
}

function input(values: Values): WebhookEndpointInput {
  const out: WebhookEndpointInput = {};
  if (values.url !== undefined) out.url = values.url;
  if (values.types !== undefined) out.types = values.types;
  if (values.after !== undefined) out.after = values.after;
  if (values.description !== undefined) out.description = values.description;
  if (values.status !== undefined) out.status = values.status;
  return out;
}

/** `POST /webhook-endpoints/`: `url` (required), `types`, `after`, `description`. */
export function readCreateWebhookEndpointBody(body: PyJson): WebhookEndpointInput & { url: string } {
  const values = readFields(body, ['url', 'types', 'after', 'description'], ['url']);
  return { ...input(values), url: values.url! };
}

/** `PATCH /webhook-endpoints/{id}/`: any of `url`, `types`, `description`, `status`. */
export function readUpdateWebhookEndpointBody(body: PyJson): WebhookEndpointInput {
  return input(readFields(body, ['url', 'types', 'description', 'status']));
}

/** `POST …/rotate-secret/`: an empty body, or `{"expire_previous": true}`. */
export function readRotateSecretBody(body: PyJson): boolean {
  return readFields(body, ['expire_previous']).expire_previous ?? false;
}

/** `POST …/replay/`: `{"after": cursor}`. */
export function readReplayBody(body: PyJson): string {
  return readFields(body, ['after'], ['after']).after!;
}

// The bodies as the OpenAPI document describes them: the fields above with their metadata, put together per operation
// in the order they are read. Not used to parse (readFields does that, with DRF's absence rules).

const FIELD_ORDER: readonly FieldName[] = ['url', 'types', 'after', 'description', 'status', 'expire_previous'];

/** `url` and `after` are read as text here; what makes them valid is the use case's, so it is described apart. */
const DOC_FIELDS: Record<FieldName, z.ZodType> = {
  ...FIELDS,
  url: z.unknown().meta({
    type: 'string',
    format: 'uri',
    maxLength: MAX_WEBHOOK_URL_LENGTH,
    description:
      `A public \`https\` URL of at most ${MAX_WEBHOOK_URL_LENGTH} characters, without user info, whose host is not a loopback, ` +
      'private, link-local, shared, unique-local, multicast, unspecified or documentation address (docs/webhooks.md). ' +
      'Refused: `{"url":["Enter a public https URL."]}`.',
    examples: ['https://hooks.example.com/campsite'],
  }),
  after: z.unknown().meta({
    type: 'string',
    description:
      'A feed cursor (the change feed\'s `cursor`); delivery goes on after it. `""` is the beginning of the feed. ' +
      'Malformed or of another tenant: 400 `{"detail":"invalid_cursor"}`.',
    examples: ['0f3c1e5a9b7d4c2e8f6a1b3c5d7e9f01-1042'],
  }),
};

function bodyDoc(id: string, description: string, names: readonly FieldName[], required: readonly FieldName[], example: object) {
  const shape: Record<string, z.ZodType> = {};
  for (const name of names) shape[name] = required.includes(name) ? DOC_FIELDS[name] : DOC_FIELDS[name].optional();
  return z.object(shape).register(requestComponents, { id, description, examples: [example] });
}

export const createWebhookEndpointBodySchema = bodyDoc(
  'CreateWebhookEndpoint',
  'A new endpoint. Unknown fields are ignored.',
  ['url', 'types', 'after', 'description'],
  ['url'],
  { url: 'https://hooks.example.com/campsite', types: ['booking'], description: 'channel manager' },
);
export const updateWebhookEndpointBodySchema = bodyDoc(
  'UpdateWebhookEndpoint',
  'Any of the fields; absent fields keep their value. The same rules as at creation.',
  ['url', 'types', 'description', 'status'],
  [],
  { status: 'paused' },
);
export const rotateSecretBodySchema = bodyDoc('RotateSecret', 'An empty body, or `expire_previous`.', ['expire_previous'], [], {
  expire_previous: true,
});
export const replayBodySchema = bodyDoc('Replay', 'Where delivery goes on.', ['after'], ['after'], { after: '' });

/** 400 field errors of the webhook endpoint bodies (DRF's messages). */
export const webhookEndpointErrorsSchema = fieldErrorsOf(
  'WebhookEndpointFieldErrors',
  FIELD_ORDER,
  'Validation failed. All field errors come in one answer, in field order; `non_field_errors` for a body that is not an object.',
);
