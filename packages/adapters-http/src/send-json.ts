import type { Response } from 'express';
import { factsOf } from './request-context';

const LINE_SEPARATORS = /[\u2028\u2029]/;

/**
 * Every answer is JSON (DECISIONS §2): one JSON.stringify, `Content-Type: application/json` without charset, as DRF's
 * JSONRenderer sends it, which also escapes U+2028/U+2029. For HEAD, Node drops the body and keeps the length.
 */
export function sendJson(res: Response, status: number, body: unknown): void {
  const started = performance.now();
  const text = jsonText(body);
  const length = Buffer.byteLength(text);
  addRenderTime(res, started);
  endJson(res, status, text, length);
}

/** Time spent turning results into JSON, for the slow-request log (docs/observability.md). */
function addRenderTime(res: Response, started: number): void {
  const facts = factsOf(res);
  if (facts) facts.renderMs += performance.now() - started;
}

function endJson(res: Response, status: number, bytes: string | Buffer, length: number): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Content-Length', length);
  res.end(bytes);
}

function jsonText(body: unknown): string {
  const text = JSON.stringify(body);
  return LINE_SEPARATORS.test(text) ? text.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029') : text;
}

const rendered = new WeakMap<object, { variant: string; bytes: Buffer | string; length: number }>();

/**
 * Below this, a rendered body is kept as a string: Buffer.from would slice it out of a shared 8 KiB slab, and each kept
 * slice would keep its whole slab alive (thousands of kept bookings pinned ~20 MB so). Larger ones get their own
 * buffer anyway, and are worth encoding once.
 */
const OWN_BUFFER_BYTES = 4 * 1024;

/**
 * A 200 whose body is rendered from `value` once and then reused for as long as `value` lives: the use cases hand
 * out the same immutable object for as long as the data is unchanged (FreshReadCache), so a repeated read costs no
 * JSON walk and no UTF-8 encoding (issue 6). `variant` names whatever else the body depends on (the request URL, for
 * the links of a page); `render` builds the body.
 */
export function sendRendered(res: Response, value: object, variant: string, render: () => unknown): void {
  let entry = rendered.get(value);
  if (entry === undefined || entry.variant !== variant) {
    const started = performance.now();
    const text = jsonText(render());
    const length = Buffer.byteLength(text);
    entry = { variant, bytes: length < OWN_BUFFER_BYTES ? text : Buffer.from(text, 'utf8'), length };
    rendered.set(value, entry);
    addRenderTime(res, started);
  }
  endJson(res, 200, entry.bytes, entry.length);
}
