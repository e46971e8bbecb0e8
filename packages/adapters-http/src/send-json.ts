import { createHash } from 'node:crypto';
import type { Response } from 'express';
import { factsOf } from './request-context';
import type { RenderedAnswer } from './rendered-answer';

export type { RenderedAnswer } from './rendered-answer';

const LINE_SEPARATORS = /[\u2028\u2029]/;

/**
 * Every answer is JSON (docs/api-behaviour.md §2): one JSON.stringify, `Content-Type: application/json` without charset, as DRF's
 * JSONRenderer sends it, which also escapes U+2028/U+2029. For HEAD, Node drops the body and keeps the length.
 */
export function sendJson(res: Response, status: number, body: unknown): void {
  const started = performance.now();
  const text = jsonText(body);
  addRenderTime(res, started);
  sendJsonText(res, status, text);
}

/** Time spent turning results into JSON, for the slow-request log (docs/observability.md). */
function addRenderTime(res: Response, started: number): void {
  const facts = factsOf(res);
  if (facts) facts.renderMs += performance.now() - started;
}

/** An answer whose JSON text was rendered before (a stored idempotent answer). */
export function sendJsonText(res: Response, status: number, text: string): void {
  endJson(res, status, text, Buffer.byteLength(text));
}

function endJson(res: Response, status: number, bytes: string | Buffer | Uint8Array, length: number): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Content-Length', length);
  res.end(bytes);
}

/** The JSON text of every answer (see sendJson). */
export function jsonText(body: unknown): string {
  return escapeLineSeparators(JSON.stringify(body));
}

/** U+2028 and U+2029 as DRF's JSONRenderer writes them, escaped; the rest of JSON.stringify's text as it is. */
export function escapeLineSeparators(text: string): string {
  return LINE_SEPARATORS.test(text) ? text.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029') : text;
}

/**
 * Below this, a rendered body is kept as a string: Buffer.from would slice it out of a shared 8 KiB slab, and a
 * cached slice would keep its whole slab alive (thousands of cached answers pinned ~20 MB so). Larger ones get their
 * own buffer anyway, and are worth encoding once.
 */
const OWN_BUFFER_BYTES = 4 * 1024;

/**
 * The 200 of a GET, rendered now: its JSON bytes and its strong entity tag, a digest of those bytes, so that the tag
 * changes exactly when the body does, also across restarts and processes (docs/channel-managers.md, "Polling
 * cheaply").
 */
export function jsonAnswer(body: unknown): RenderedAnswer {
  const started = performance.now();
  return renderedAnswer(jsonText(body), started);
}

function renderedAnswer(text: string, started: number): RenderedAnswer {
  const length = Buffer.byteLength(text);
  const bytes = length < OWN_BUFFER_BYTES ? text : Buffer.from(text, 'utf8');
  return { bytes, length, etag: strongEtag(bytes), renderMs: performance.now() - started };
}

/** A strong entity tag for these exact bytes (docs/channel-managers.md, "Polling cheaply"). */
export function strongEtag(bytes: string | Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
}

/** A 200 with its ETag. For HEAD, Node drops the body and keeps the length. */
export function sendAnswer(res: Response, answer: RenderedAnswer): void {
  if (answer.renderMs !== undefined) {
    const facts = factsOf(res);
    if (facts) facts.renderMs += answer.renderMs;
  }
  res.setHeader('ETag', answer.etag);
  if (answer.contentType === undefined) {
    endJson(res, 200, answer.bytes, answer.length);
    return;
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', answer.contentType);
  for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
  res.setHeader('Content-Length', answer.length);
  res.end(answer.bytes);
}

/** A 304: the ETag and the headers already set, no body. */
export function sendNotModified(res: Response, etag: string): void {
  res.statusCode = 304;
  res.setHeader('ETag', etag);
  res.end();
}

/**
 * Whether `If-None-Match` names `etag`: `*`, or a comma-separated list of tags compared weakly (a `W/` prefix is
 * ignored), as RFC 9110 §13.1.2 says for this header.
 */
export function ifNoneMatchHolds(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  for (const part of header.split(',')) {
    const tag = part.trim();
    if (tag === '*' || tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true;
  }
  return false;
}
