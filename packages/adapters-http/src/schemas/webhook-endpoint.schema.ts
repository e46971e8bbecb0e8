import { CHANGE_TYPES, type ChangeType, DomainError, type FieldErrors, WEBHOOK_STATUSES, type WebhookEndpointInput } from '@campsite/domain';
import { z } from 'zod';
import type { PyJson } from '../python/json-parser';
import { pyTypeName } from '../python/text';
import { MESSAGES, charField, requireObject, toFieldErrors } from './drf-fields';

const notAChoice = (value: PyJson) => `"${typeof value === 'string' ? value : JSON.stringify(value)}" is not a valid choice.`;

/** DRF `MultipleChoiceField`: a list of the choices, duplicates folded; the use case refuses an empty one. */
const typesField = z.unknown().transform((input, ctx): ChangeType[] => {
  const fail = (message: string) => {
    ctx.issues.push({ code: 'custom', message, input });
    return z.NEVER;
  };
  if (input === null) return fail(MESSAGES.null);
  if (!Array.isArray(input)) return fail(`Expected a list of items but got type "${pyTypeName(input as PyJson)}".`);
  const bad = (input as PyJson[]).find((item) => typeof item !== 'string' || !(CHANGE_TYPES as readonly string[]).includes(item));
  if (bad !== undefined) return fail(notAChoice(bad));
  return input as ChangeType[];
});

/** DRF `ChoiceField` over the endpoint statuses. */
const statusField = z.unknown().transform((input, ctx) => {
  if (typeof input === 'string' && (WEBHOOK_STATUSES as readonly string[]).includes(input)) return input as (typeof WEBHOOK_STATUSES)[number];
  ctx.issues.push({ code: 'custom', message: input === null ? MESSAGES.null : notAChoice(input as PyJson), input });
  return z.NEVER;
});

/** DRF `BooleanField`, limited to JSON booleans. */
const booleanField = z.unknown().transform((input, ctx) => {
  if (typeof input === 'boolean') return input;
  ctx.issues.push({ code: 'custom', message: input === null ? MESSAGES.null : 'Must be a valid boolean.', input });
  return z.NEVER;
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
