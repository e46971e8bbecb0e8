import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { buildOpenApiDocument } from '../openapi/document';

/**
 * Holds every answer the test suites receive to the OpenAPI document the server publishes: an answer the document
 * does not describe (an unlisted status, a missing required header, a header or body outside its schema, a media type
 * not offered) fails the test that got it. Bodies and headers are checked by Ajv in the document's own dialect (JSON
 * Schema 2020-12, as OpenAPI 3.1 uses it). The HTTP test harness and the end-to-end harness call it on every answer.
 */

export interface ObservedAnswer {
  method: string;
  /** The request's path and query (a full URL is accepted too). */
  url: string;
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The raw body text ('' when there was none). */
  body: string;
}

type Json = Record<string, any>;

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const DOCUMENT_ID = 'openapi.json';

export class AnswerValidator {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly paths: Array<{ template: string; pattern: RegExp }>;

  constructor(readonly document: Json = buildOpenApiDocument()) {
    // strict: false lets OpenAPI's own annotations (`example`) sit next to the JSON Schema keywords.
    this.ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    this.ajv.addSchema(document, DOCUMENT_ID);
    this.paths = Object.keys(document.paths as Json).map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    }));
  }

  /** Throws an Error that names the request and every way the answer strays from the document. */
  check(answer: ObservedAnswer): void {
    const problems = this.problems(answer);
    if (problems.length > 0) {
      const body = answer.body.length > 500 ? `${answer.body.slice(0, 500)}…` : answer.body;
      throw new Error(
        `Answer not described by the OpenAPI document: ${answer.method} ${answer.url} → ${answer.status}\n` +
          `${problems.map((p) => `  - ${p}`).join('\n')}\n  body: ${body}`,
      );
    }
  }

  problems(answer: ObservedAnswer): string[] {
    const path = pathOf(answer.url);
    const method = answer.method.toUpperCase() === 'HEAD' ? 'get' : answer.method.toLowerCase();
    const template = this.templateFor(path);
    if (template === undefined) {
      // An unknown path: 404 Not found. under the API, or an answer that comes before routing (plain HTTP).
      return this.checkResponse(answer, ['NotFound', 'Forbidden', 'InvalidHost'], `unknown path ${path}`);
    }
    const operation = (this.document.paths as Json)[template][method] as Json | undefined;
    if (!operation) {
      // A wrong method: 405, or what comes before the method check (plain HTTP, the key and its address limit).
      return this.checkResponse(
        answer,
        ['MethodNotAllowed', 'Forbidden', 'InvalidHost', 'Unauthorized', 'Throttled', 'ServerError', 'ServiceUnavailable'],
        `${template} has no ${method}`,
      );
    }
    const responses = operation.responses as Json;
    const declared = responses[String(answer.status)] ?? responses[`${String(answer.status)[0]}XX`] ?? responses.default;
    if (declared === undefined) {
      return [
        `status ${answer.status} is not listed for ${method.toUpperCase()} ${template} (listed: ${Object.keys(responses).join(', ')})`,
      ];
    }
    return this.responseProblems(answer, declared as Json, `#/paths/${escapePointer(template)}/${method}/responses/${answer.status}`);
  }

  private templateFor(path: string): string | undefined {
    // Every path is served with and without its trailing slash.
    const candidates = path.endsWith('/') ? [path, path.slice(0, -1)] : [path, `${path}/`];
    for (const candidate of candidates) {
      const found = this.paths.find(({ pattern }) => pattern.test(candidate));
      if (found) return found.template;
    }
    return undefined;
  }

  /** The answer must be one of the shared responses (`components.responses`) named, chosen by status. */
  private checkResponse(answer: ObservedAnswer, names: string[], context: string): string[] {
    const refs = names.map((name) => `#/components/responses/${name}`);
    const attempts = refs.map((ref) => ({ ref, response: this.resolve(ref) }));
    const byStatus = attempts.filter(({ ref }) => statusOfShared(ref) === answer.status);
    if (byStatus.length === 0) return [`${context}: status ${answer.status} is none of ${names.join(', ')}`];
    const all = byStatus.map(({ ref, response }) => this.responseProblems(answer, response, ref));
    return all.find((problems) => problems.length === 0) ?? all.flat();
  }

  private responseProblems(answer: ObservedAnswer, declared: Json, pointer: string): string[] {
    let response = declared;
    let base = pointer;
    if (typeof response.$ref === 'string') {
      base = response.$ref;
      response = this.resolve(response.$ref);
    }
    const problems: string[] = [];
    const headers = lowerCaseKeys(answer.headers);
    for (const [name, spec] of Object.entries((response.headers ?? {}) as Json)) {
      const header = (typeof spec.$ref === 'string' ? this.resolve(spec.$ref) : spec) as Json;
      const value = headers[name.toLowerCase()];
      if (value === undefined) {
        if (header.required) problems.push(`required header ${name} is missing`);
        continue;
      }
      const validate = this.validator(
        `${DOCUMENT_ID}${toRef(typeof spec.$ref === 'string' ? spec.$ref : `${base}/headers/${escapePointer(name)}`)}/schema`,
      );
      if (!validate(Array.isArray(value) ? value.join(', ') : String(value))) {
        problems.push(`header ${name}: ${JSON.stringify(value)} ${this.ajv.errorsText(validate.errors)}`);
      }
    }

    const content = response.content as Json | undefined;
    const isHead = answer.method.toUpperCase() === 'HEAD';
    if (!content) {
      if (answer.body !== '') problems.push('a body where the document declares none');
      return problems;
    }
    const contentType =
      String(headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim()
        .toLowerCase() ?? '';
    if (!Object.hasOwn(content, contentType)) {
      problems.push(`Content-Type ${JSON.stringify(contentType)} is none of ${Object.keys(content).join(', ')}`);
      return problems;
    }
    if (isHead) {
      if (answer.body !== '') problems.push('HEAD answered with a body');
      return problems;
    }
    if (contentType !== 'application/json') return problems;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      problems.push('the body is not JSON');
      return problems;
    }
    const validate = this.validator(`${DOCUMENT_ID}${toRef(`${base}/content/${escapePointer(contentType)}`)}/schema`);
    if (!validate(body)) problems.push(`body: ${this.ajv.errorsText(validate.errors, { separator: '; ' })}`);
    return problems;
  }

  private resolve(ref: string): Json {
    let node: any = this.document;
    for (const part of ref.replace(/^#\//, '').split('/')) node = node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (node === undefined) throw new Error(`unresolvable ${ref}`);
    return node as Json;
  }

  private validator(id: string): ValidateFunction {
    let validate = this.compiled.get(id);
    if (!validate) {
      const found = this.ajv.getSchema(id);
      if (!found) throw new Error(`no schema at ${id}`);
      validate = found;
      this.compiled.set(id, validate);
    }
    return validate;
  }
}

function statusOfShared(ref: string): number {
  const name = ref.slice(ref.lastIndexOf('/') + 1);
  const statuses: Record<string, number> = {
    InvalidHost: 400,
    Unauthorized: 401,
    Forbidden: 403,
    NotFound: 404,
    MethodNotAllowed: 405,
    Throttled: 429,
    ServerError: 500,
    ServiceUnavailable: 503,
  };
  return statuses[name] ?? 0;
}

function pathOf(url: string): string {
  const parsed = new URL(url, 'https://localhost');
  try {
    return decodeURI(parsed.pathname);
  } catch {
    return parsed.pathname;
  }
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A JSON pointer as a URI fragment (Ajv resolves `id#/pointer`, with `{` `}` percent-encoded). */
function toRef(pointer: string): string {
  return pointer.startsWith('#') ? `#${encodeURI(pointer.slice(1)).replace(/%25/g, '%')}` : pointer;
}

function lowerCaseKeys(headers: ObservedAnswer['headers']): Record<string, string | string[] | number | undefined> {
  const out: Record<string, string | string[] | number | undefined> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value;
  return out;
}

let shared: AnswerValidator | undefined;

/** One validator per test process: compiling the schemas is the expensive part. */
export function answerValidator(): AnswerValidator {
  shared ??= new AnswerValidator();
  return shared;
}
