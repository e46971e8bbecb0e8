import { randomUUID } from 'node:crypto';
import type { Principal } from '@campsite/domain';
import type { RequestHandler, Response } from 'express';
import type { HttpLogger } from './http-deps';

// A client's own id is echoed only when it is short and harmless in logs and headers.
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;
/** The Strict-Transport-Security value of every response (DECISIONS §1), also for answers written outside Express. */
export const HSTS = 'max-age=31536000';
// Raw keys are `ck_` + 29 characters; one pasted into a URL must not reach a log line (DECISIONS §1).
const RAW_KEY = /ck_[A-Za-z0-9]{29}/g;

/** Replaces anything shaped like a raw API key. */
export function redactKeys(text: string): string {
  return text.includes('ck_') ? text.replace(RAW_KEY, 'ck_[redacted]') : text;
}

export function requestIdOf(res: Response): string {
  return res.getHeader('X-Request-Id') as string;
}

export function setPrincipal(res: Response, principal: Principal): void {
  res.locals.principal = principal;
}

/**
 * Runs first for every request: the headers every response carries (DECISIONS §1 HSTS, §2 X-Request-Id), and one log
 * line when the response is done. The line has method, path without query, status, duration, request id and the key
 * prefix, never the Authorization header.
 */
export function requestContext(logger: HttpLogger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const sent = req.headers['x-request-id'];
    const requestId = typeof sent === 'string' && CLIENT_REQUEST_ID.test(sent) ? sent : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    res.setHeader('Strict-Transport-Security', HSTS);
    if (logger.isLevelEnabled?.('info') === false) {
      next();
      return;
    }
    res.once('close', () => {
      const principal = res.locals.principal as Principal | undefined;
      const fields: Record<string, unknown> = {
        method: req.method,
        path: redactKeys(req.path),
        status: res.statusCode,
        durationMs: Math.round((performance.now() - started) * 1000) / 1000,
        requestId,
      };
      if (principal) fields.keyPrefix = principal.prefix;
      if (!res.writableFinished) fields.aborted = true;
      logger.info(fields, 'request');
    });
    next();
  };
}
