import type { Request, Response } from 'express';

const LINE_SEPARATORS = /[\u2028\u2029]/;

/**
 * Every answer is JSON (DECISIONS §2): one JSON.stringify, `Content-Type: application/json` without charset, as DRF's
 * JSONRenderer sends it, which also escapes U+2028/U+2029. For HEAD, Node drops the body and keeps the length.
 */
export function sendJson(res: Response, status: number, body: unknown): void {
  let text = JSON.stringify(body);
  if (LINE_SEPARATORS.test(text)) text = text.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/** The request's own origin: scheme from the socket or a trusted X-Forwarded-Proto, host from the Host header. */
export function requestOrigin(req: Request): string {
  return `${req.protocol}://${req.host ?? req.socket.localAddress ?? 'localhost'}`;
}
