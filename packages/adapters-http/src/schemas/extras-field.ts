import type { ExtraRequest } from '@campsite/domain';
import { z } from 'zod';
import { PyFloat, type PyJson } from '../drf-compat/json-parser';
import { pyFloatRepr, pyStrip, pyTypeName } from '../drf-compat/text';
import { MESSAGES, type Reading, integerInputDoc, integerWithin, isPyObject, optionalField } from './drf-fields';

/** The most of one extra a stay may ask for (docs/channel-managers.md, "Quotes"). */
export const MAX_EXTRA_QUANTITY = 20;

/** A required field of an item: DRF's messages for a missing or null value, else `read`'s. */
function present<T>(value: PyJson | undefined, read: (value: Exclude<PyJson, null>) => Reading<T>): Reading<T> {
  if (value === undefined) return { ok: false, messages: [MESSAGES.required] };
  if (value === null) return { ok: false, messages: [MESSAGES.null] };
  return read(value);
}

/** `code` of an extra asked for: DRF's CharField (trimmed, not blank); whether the tariff has it is the domain's. */
function readCode(value: Exclude<PyJson, null>): Reading<string> {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'bigint') text = String(value);
  else if (value instanceof PyFloat) text = pyFloatRepr(value.value);
  else return { ok: false, messages: [MESSAGES.string] }; // bool, list, dict
  const code = pyStrip(text);
  return code === '' ? { ok: false, messages: [MESSAGES.blank] } : { ok: true, value: code };
}

function readItem(item: PyJson): Reading<ExtraRequest> {
  if (item === null || typeof item !== 'object' || Array.isArray(item) || item instanceof PyFloat || !isPyObject(item)) {
    return { ok: false, messages: [`Invalid data. Expected a dictionary, but got ${pyTypeName(item)}.`] };
  }
  const fields: Record<string, PyJson | undefined> = item;
  const code = present(fields.code, readCode);
  const quantity = present(fields.quantity, (value) => integerWithin(value, 1, MAX_EXTRA_QUANTITY));
  if (code.ok && quantity.ok) return { ok: true, value: { code: code.value, quantity: quantity.value } };
  return { ok: false, messages: [...(code.ok ? [] : code.messages), ...(quantity.ok ? [] : quantity.messages)] };
}

/**
 * `extras`: a list of `{"code", "quantity"}`, read with DRF's messages, all under the key `extras` (each message once,
 * in the order of the items); then, when every item reads, each code asked for twice (`Duplicate extra: dog.`).
 * Undefined when the body leaves it out.
 */
export function readExtras(value: PyJson | undefined): { extras: ExtraRequest[] } | { errors: string[] } | undefined {
  if (value === undefined) return undefined;
  if (value === null) return { errors: [MESSAGES.null] };
  if (!Array.isArray(value)) return { errors: [`Expected a list of items but got type "${pyTypeName(value)}".`] };
  const extras: ExtraRequest[] = [];
  const messages = new Set<string>();
  for (const item of value) {
    const reading = readItem(item);
    if (reading.ok) extras.push(reading.value);
    else for (const message of reading.messages) messages.add(message);
  }
  if (messages.size > 0) return { errors: [...messages] };
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const { code } of extras) (seen.has(code) ? twice : seen).add(code);
  if (twice.size > 0) return { errors: [...twice].map((code) => `Duplicate extra: ${code}.`) };
  return { extras };
}

/** What `extras` accepts, for the OpenAPI document. */
export const extrasFieldDoc = optionalField(
  z.unknown().meta({
    type: 'array',
    items: {
      type: 'object',
      properties: {
        code: { type: 'string', minLength: 1, description: "An extra's `code` (see `GET /extras/`).", examples: ['dog'] },
        quantity: integerInputDoc(1, MAX_EXTRA_QUANTITY),
      },
      required: ['code', 'quantity'],
    },
    description:
      `Optional extras, each \`{"code", "quantity"}\` with a quantity from 1 to ${MAX_EXTRA_QUANTITY} (per night for an ` +
      'extra charged per night). Extras compulsory for the site type are added (quantity 1) unless asked for. An ' +
      'unknown code: `{"extras":["Unknown extra: xyz."]}`; a code twice: `{"extras":["Duplicate extra: dog."]}`; ' +
      'other messages are DRF\'s (`{"extras":["Ensure this value is less than or equal to 20."]}`).',
    examples: [[{ code: 'dog', quantity: 1 }]],
  }),
);
