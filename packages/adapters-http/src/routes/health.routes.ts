import type { Request, RequestHandler, Response } from 'express';
import type { DatabaseProbe, HttpLogger } from '../http-deps';
import { setRoute } from '../request-context';
import { ifNoneMatchHolds, jsonAnswer, sendAnswer, sendJson, sendNotModified } from '../send-json';
import { TransportError } from '../transport-error';

const HEALTHY = { status: 'ok' };
const READY = { status: 'ready' };
const UNAVAILABLE = { status: 'unavailable' };
/** How long the readiness probe waits for the database (docs/security.md, "Readiness"). */
export const READINESS_TIMEOUT_MS = 2_000;

/**
 * GET /healthz, a liveness probe: the process answers. GET /readyz, a readiness probe: 200 while the database answers
 * within READINESS_TIMEOUT_MS, else 503, so a balancer stops sending traffic the service cannot serve. Both sit outside
 * /api/v1/public/ and run before the HTTPS check and authentication, because probes speak plain HTTP and carry no key.
 */
export function healthRoutes(database: DatabaseProbe | undefined, logger: HttpLogger): RequestHandler {
  // Not async itself: every request passes through here, and only /readyz has anything to wait for.
  return (req, res, next) => {
    const path = req.path.endsWith('/') ? req.path.slice(0, -1) : req.path;
    if (path !== '/healthz' && path !== '/readyz') {
      next();
      return;
    }
    setRoute(res, path);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      throw new TransportError({ kind: 'method_not_allowed', method: req.method, allow: 'GET, HEAD' });
    }
    if (path === '/healthz') {
      sendHealthy(req, res, HEALTHY);
      return;
    }
    if (database === undefined) {
      sendHealthy(req, res, READY);
      return;
    }
    return answersWithin(database, READINESS_TIMEOUT_MS, logger).then((ready) =>
      ready ? sendHealthy(req, res, READY) : sendJson(res, 503, UNAVAILABLE),
    );
  };
}

/** A probe's 200, like every 200 to a GET with its entity tag (docs/channel-managers.md, "Polling cheaply"). */
function sendHealthy(req: Request, res: Response, body: object): void {
  const answer = jsonAnswer(body);
  if (ifNoneMatchHolds(req.get('if-none-match'), answer.etag)) sendNotModified(res, answer.etag);
  else sendAnswer(res, answer);
}

async function answersWithin(database: DatabaseProbe, timeoutMs: number, logger: HttpLogger): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    const answered = database.ping().then(
      () => true,
      (error: unknown) => {
        logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'readiness: the database did not answer');
        return false;
      },
    );
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}
