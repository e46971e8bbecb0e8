import { DomainError, isCalendarDate, type CalendarDate, type FieldErrors } from '@campsite/domain';
import { parsePythonInt } from '../drf-compat/paging';
import { z } from 'zod';
import { PyFloat, type PyJson, type PyObject } from '../drf-compat/json-parser';
import { PY_WHITESPACE, pyFloatRepr, pyLength, pyStrip, pyTypeName } from '../drf-compat/text';
import { isDjangoEmail } from './email-address';

/**
 * DRF serializer fields as zod schemas, with DRF's exact messages (docs/api-behaviour.md §2). Each field sees the raw JSON value
 * (`undefined` when the key is absent) and either yields the Python-side value or adds one issue per message.
 */
export const MESSAGES = {
  required: 'This field is required.',
  null: 'This field may not be null.',
  integer: 'A valid integer is required.',
  integerStringTooLong: 'String value too large.',
  date: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
  email: 'Enter a valid email address.',
  string: 'Not a valid string.',
  nullCharacters: 'Null characters are not allowed.',
  minValue: (min: number) => `Ensure this value is greater than or equal to ${min}.`,
  maxValue: (max: number) => `Ensure this value is less than or equal to ${max}.`,
  blank: 'This field may not be blank.',
  maxLength: (max: number) => `Ensure this field has no more than ${max} characters.`,
} as const;

export type Reading<T> = { ok: true; value: T } | { ok: false; messages: string[] };
type Presence<T> = { required: true } | { required: false; default: T };

const MAX_INTEGER_STRING = 1000; // DRF IntegerField.MAX_STRING_LENGTH
// DRF IntegerField: int(re.sub(r'\.0*\s*$', '', str(value))), so "5.0", 5.0 and "5. " are 5.
const TRAILING_ZERO_DECIMALS = new RegExp(`\\.0*[${PY_WHITESPACE}]*$`);
// A lone UTF-16 surrogate: Python strings can carry one (from a "\ud800" escape); DRF refuses it.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** DRF IntegerField's reading of a value, or null when DRF says "A valid integer is required.". */
export function readDrfInteger(value: PyJson | undefined): number | null {
  const reading = integerReading(value);
  return reading.ok ? reading.value : null;
}

function integerReading(value: PyJson | undefined): Reading<number> {
  let text: string;
  if (typeof value === 'number') return { ok: true, value };
  if (typeof value === 'string') {
    if (value.length > MAX_INTEGER_STRING) return { ok: false, messages: [MESSAGES.integerStringTooLong] };
    text = value;
  } else if (value instanceof PyFloat) {
    text = pyFloatRepr(value.value);
  } else {
    // bool ("True"), list, dict and ints beyond 2^53 (kept exact, but no row can carry them).
    return { ok: false, messages: [MESSAGES.integer] };
  }
  const parsed = parsePythonInt(text.replace(TRAILING_ZERO_DECIMALS, ''));
  return parsed === null ? { ok: false, messages: [MESSAGES.integer] } : { ok: true, value: parsed };
}

/** What an integer field accepts, for the OpenAPI document: DRF's reading, not only the strict JSON integer. */
const INTEGER_STRING = `^[${PY_WHITESPACE}]*[+-]?\\d+(?:_\\d+)*(?:\\.0*)?[${PY_WHITESPACE}]*$`;

/** The JSON Schema of what a DRF integer field accepts (for the OpenAPI document). */
export function integerInputDoc(minValue?: number, maxValue?: number): Record<string, unknown> {
  return {
    anyOf: [
      {
        type: 'integer',
        ...(minValue === undefined ? {} : { minimum: minValue }),
        ...(maxValue === undefined ? {} : { maximum: maxValue }),
      },
      { type: 'string', pattern: INTEGER_STRING },
    ],
    description:
      'An integer. Read as DRF reads it: `5`, `5.0`, `"5"` and `"5.0"` are all 5; `5.5`, `true` and `""` are refused.' +
      (minValue === undefined ? '' : ` At least ${minValue}.`) +
      (maxValue === undefined ? '' : ` At most ${maxValue}.`),
    examples: [2],
  };
}

/** DRF `IntegerField(min_value=..., max_value=...)`. */
export function integerField(presence: Presence<number>, minValue?: number, maxValue?: number) {
  return drfField(presence, integerInputDoc(minValue, maxValue), (value) => integerWithin(value, minValue, maxValue));
}

/** DRF IntegerField's reading of a value with its bounds, each broken bound with its own message. */
export function integerWithin(value: PyJson | undefined, minValue?: number, maxValue?: number): Reading<number> {
  const reading = integerReading(value);
  if (reading.ok && minValue !== undefined && reading.value < minValue) return { ok: false, messages: [MESSAGES.minValue(minValue)] };
  if (reading.ok && maxValue !== undefined && reading.value > maxValue) return { ok: false, messages: [MESSAGES.maxValue(maxValue)] };
  return reading;
}

/** DRF `DateField()` limited to strict `YYYY-MM-DD` (docs/api-behaviour.md §2: no other formats). */
export function dateField(presence: Presence<CalendarDate>) {
  const doc = {
    type: 'string',
    format: 'date',
    pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    description: 'Strictly `YYYY-MM-DD`.',
    examples: ['2027-07-01'],
  };
  return drfField(presence, doc, (value) =>
    typeof value === 'string' && isCalendarDate(value) ? { ok: true, value } : { ok: false, messages: [MESSAGES.date] },
  );
}

/** DRF `CharField(allow_blank=True, max_length=..., trim_whitespace=True)`, or `EmailField` with `email`. */
export function charField(presence: Presence<string>, maxLength: number, email = false) {
  const doc = {
    anyOf: [{ type: 'string', maxLength, ...(email ? { format: 'email' } : {}) }, { type: 'number' }],
    description:
      `Surrounding whitespace is trimmed, then at most ${maxLength} characters${email ? ' and a valid email address' : ''}; ` +
      'the empty string is allowed. A number is taken as its text.',
    examples: [email ? 'anna@example.ch' : 'Anna'],
  };
  return drfField(presence, doc, (value) => {
    // CharField.run_validation: a blank string (after trimming) is returned as '' before any validator runs.
    if (typeof value === 'string' && pyStrip(value) === '') return { ok: true, value: '' };
    let text: string;
    if (typeof value === 'string') text = value;
    else if (typeof value === 'number' || typeof value === 'bigint') text = String(value);
    else if (value instanceof PyFloat) text = pyFloatRepr(value.value);
    else return { ok: false, messages: [MESSAGES.string] }; // bool, list, dict
    text = pyStrip(text);
    // DRF runs every validator and reports all of their messages, in this order.
    const messages: string[] = [];
    if (pyLength(text) > maxLength) messages.push(MESSAGES.maxLength(maxLength));
    if (text.includes('\0')) messages.push(MESSAGES.nullCharacters);
    const surrogate = LONE_SURROGATE.exec(text);
    if (surrogate) {
      const code = (surrogate[0].charCodeAt(0) as number).toString(16).toUpperCase();
      messages.push(`Surrogate characters are not allowed: U+${code}.`);
    }
    if (email && !isDjangoEmail(text)) messages.push(MESSAGES.email);
    return messages.length === 0 ? { ok: true, value: text } : { ok: false, messages };
  });
}

/** Fields that may be left out (they have a default); the OpenAPI document leaves them out of `required`. */
const optionalFields = new WeakSet<z.ZodType>();

export function isOptionalField(schema: z.ZodType): boolean {
  return optionalFields.has(schema);
}

/** Marks a field read outside these builders (customer_id) as one a body may leave out. */
export function optionalField<T extends z.ZodType>(schema: T): T {
  optionalFields.add(schema);
  return schema;
}

/**
 * `doc` is the JSON Schema of what the field accepts; it becomes the field's metadata, and so its description in the
 * OpenAPI document (the transform itself has no schema zod could describe).
 */
function drfField<T>(presence: Presence<T>, doc: Record<string, unknown>, read: (value: Exclude<PyJson, null>) => Reading<T>) {
  const field = z
    .unknown()
    .transform((input, ctx): T => {
      let reading: Reading<T>;
      if (input === undefined) {
        reading = presence.required ? { ok: false, messages: [MESSAGES.required] } : { ok: true, value: presence.default };
      } else if (input === null) {
        reading = { ok: false, messages: [MESSAGES.null] };
      } else {
        reading = read(input as Exclude<PyJson, null>);
      }
      if (reading.ok) return reading.value;
      for (const message of reading.messages) ctx.issues.push({ code: 'custom', message, input });
      return z.NEVER;
    })
    .meta(presence.required ? doc : { ...doc, default: presence.default });
  if (!presence.required) optionalFields.add(field);
  return field;
}

/** zod issues as DRF's field-keyed error object: `{ field: [message, ...] }`, fields in schema order. */
export function toFieldErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'non_field_errors');
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * The parsed body as an object, or the error DRF's serializer gives before it looks at any field ("No data provided"
 * for `null`).
 */
export function requireObject(body: PyJson): PyObject {
  if (body === null) throw DomainError.validation({ non_field_errors: ['No data provided'] });
  if (typeof body !== 'object' || Array.isArray(body) || !isPyObject(body)) {
    throw DomainError.validation({ non_field_errors: [`Invalid data. Expected a dictionary, but got ${pyTypeName(body)}.`] });
  }
  return body;
}

/** A JSON object as the parser makes it (null prototype) or as a test builds it. */
export function isPyObject(value: object): value is PyObject {
  return Object.getPrototypeOf(value) === null || Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * Every field of `schema` as a present key (undefined when absent), so that each DRF field decides about absence
 * itself ("This field is required." or its default) instead of zod's generic missing-key issue.
 */
export function declaredFields(schema: { shape: object }, body: PyObject): Record<string, PyJson | undefined> {
  const fields: Record<string, PyJson | undefined> = {};
  for (const name of Object.keys(schema.shape)) fields[name] = body[name];
  return fields;
}
