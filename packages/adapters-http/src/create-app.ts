import express, { type Express, type RequestHandler } from 'express';
import { apiRoutes } from './api-routes';
import { errorHandler } from './error-handler';
import type { HttpDeps } from './http-deps';
import { requestContext } from './request-context';
import { publicOrigin } from './public-origin';
import { docsRoutes } from './routes/docs.routes';
import { healthRoutes } from './routes/health.routes';
import { TransportError } from './transport-error';

/** docs/api-behaviour.md §1: plain HTTP is refused before anything else, authentication included. */
const requireHttps: RequestHandler = (req, _res, next) => {
  if (!req.secure) throw new TransportError({ kind: 'https_required' });
  next();
};

/**
 * The public API v1 as an Express app over already-built use cases and ports. Holds no global state: every call builds
 * an independent app, so tests run many side by side. No body parser is installed: each endpoint that takes a body
 * reads it itself, after authentication, scope and rate limit (docs/api-behaviour.md §2).
 */
export function createApp(deps: HttpDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // Express would hash every body for a weak ETag; strong tags come from sendAnswer, digested once per rendered body.
  app.set('etag', false);
  app.set('query parser', false); // the query is read like Django's QueryDict (drf-compat/urlencode.ts)
  if (deps.trustProxy !== undefined) app.set('trust proxy', deps.trustProxy);

  app.use(requestContext(deps.logger, deps.observer));
  app.use(healthRoutes(deps.database, deps.logger));
  app.use(requireHttps);
  app.use(publicOrigin(deps.publicUrl));
  app.use(docsRoutes({ publicUrl: deps.publicUrl }));
  app.use(apiRoutes(deps));
  app.use(errorHandler(deps.logger));
  return app;
}
