import type { RequestHandler } from 'express';
import { sendJson } from '../send-json';
import { TransportError } from '../transport-error';

const HEALTHY = { status: 'ok' };

/**
 * GET /healthz: a liveness probe for load balancers and orchestrators. It sits outside /api/v1/public/ and runs before
 * the HTTPS check and authentication, because probes speak plain HTTP and carry no key.
 */
export const healthRoute: RequestHandler = (req, res, next) => {
  if (req.path !== '/healthz' && req.path !== '/healthz/') {
    next();
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    throw new TransportError({ kind: 'method_not_allowed', method: req.method, allow: 'GET, HEAD' });
  }
  sendJson(res, 200, HEALTHY);
};
