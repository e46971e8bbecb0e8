import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Request, RequestHandler, Response } from 'express';
import { DOCS_ASSETS, DOCS_PATH, OPENAPI_PATH, buildOpenApiDocument } from '../openapi/document';
import { setRoute } from '../request-context';
import { ifNoneMatchHolds, sendNotModified, strongEtag } from '../send-json';
import { TransportError } from '../transport-error';

/** The renderer's files, served from the installed swagger-ui-dist package: the page needs nothing from outside. */
const ASSETS: Record<Exclude<(typeof DOCS_ASSETS)[number], 'init.js'>, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};
const ASSET_PREFIX = `${DOCS_PATH}/assets/`;

// Swagger UI's defaults that would reach the internet are switched off: `validatorUrl` (it sends the document to a
// public validator for a badge). The stylesheet uses system fonts only and the bundle has no telemetry.
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${OPENAPI_PATH}',
    dom_id: '#reference',
    validatorUrl: null,
    deepLinking: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout'
  });
});
`;

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Campsite Management Public API reference</title>
<link rel="stylesheet" href="${ASSET_PREFIX}swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="${ASSET_PREFIX}swagger-ui-bundle.js"></script>
<script src="${ASSET_PREFIX}init.js"></script>
</body>
</html>
`;

function packageDirectory(): string {
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

/** Each file's strong tag, digested once: every 200 to a GET carries one (docs/channel-managers.md, "Polling cheaply"). */
const tags = new WeakMap<object, string>();
const tagged = new Map<string, string>();

function tagOf(body: string | Buffer): string {
  const known = typeof body === 'string' ? tagged.get(body) : tags.get(body);
  if (known !== undefined) return known;
  const tag = strongEtag(body);
  if (typeof body === 'string') tagged.set(body, tag);
  else tags.set(body, tag);
  return tag;
}

function send(req: Request, res: Response, contentType: string, body: string | Buffer): void {
  const etag = tagOf(body);
  if (ifNoneMatchHolds(req.get('if-none-match'), etag)) {
    sendNotModified(res, etag);
    return;
  }
  res.statusCode = 200;
  res.setHeader('ETag', etag);
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

/**
 * GET /openapi.json and GET /docs (with its assets): outside /api/v1/public/, without a key, after the HTTPS check.
 * The document is built once per app; the renderer's files are read on first use and kept.
 */
export function docsRoutes(): RequestHandler {
  const documentText = JSON.stringify(buildOpenApiDocument());
  const files = new Map<string, Buffer>();
  const asset = (name: string): Buffer => {
    let bytes = files.get(name);
    if (!bytes) {
      bytes = readFileSync(join(packageDirectory(), name));
      files.set(name, bytes);
    }
    return bytes;
  };

  return (req, res, next) => {
    const path = req.path;
    const isDocs = path === DOCS_PATH || path === `${DOCS_PATH}/`;
    const isDocument = path === OPENAPI_PATH;
    const assetName = path.startsWith(ASSET_PREFIX) ? path.slice(ASSET_PREFIX.length) : undefined;
    const isAsset = assetName !== undefined && (DOCS_ASSETS as readonly string[]).includes(assetName);
    if (!isDocs && !isDocument && !isAsset) {
      next();
      return;
    }
    // Templates as the metrics name them (docs/observability.md): one for every asset, never the raw path.
    setRoute(res, isDocument ? OPENAPI_PATH : isDocs ? DOCS_PATH : `${ASSET_PREFIX}{asset}`);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      throw new TransportError({ kind: 'method_not_allowed', method: req.method, allow: 'GET, HEAD' });
    }
    if (isDocument) {
      send(req, res, 'application/json', documentText);
    } else if (isDocs) {
      send(req, res, 'text/html; charset=utf-8', PAGE);
    } else if (assetName === 'init.js') {
      send(req, res, 'text/javascript; charset=utf-8', INIT_SCRIPT);
    } else if (assetName !== undefined) {
      send(req, res, ASSETS[assetName as keyof typeof ASSETS], asset(assetName));
    }
  };
}
