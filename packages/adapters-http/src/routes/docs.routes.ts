import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Request, RequestHandler, Response } from 'express';
import { GUIDES_CSS, GUIDE_PAGES } from '../docs-site/guides.generated';
import { DOCS_ASSETS, DOCS_ASSET_PREFIX, DOCS_PATH, GUIDES_PATH, OPENAPI_PATH } from '../docs-site/paths';
import { buildOpenApiDocument } from '../openapi/document';
import { setRoute } from '../request-context';
import { ifNoneMatchHolds, sendNotModified, strongEtag } from '../send-json';
import { TransportError } from '../transport-error';

/** The renderer's files, served from the installed swagger-ui-dist package: the page needs nothing from outside. */
const ASSETS: Record<Exclude<(typeof DOCS_ASSETS)[number], 'init.js' | 'guides.css'>, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};
const ASSET_PREFIX = DOCS_ASSET_PREFIX;
const HTML = 'text/html; charset=utf-8';

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

/** The metrics' template of a guide page: the index, or one for every guide. */
function guideRoute(path: string): string {
  return path === GUIDES_PATH || path === GUIDES_PATH.slice(0, -1) ? GUIDES_PATH : `${GUIDES_PATH}{guide}/`;
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

/** The guide page at `path` (with or without its trailing slash), or undefined. */
function guidePageAt(path: string): string | undefined {
  if (!path.startsWith(GUIDES_PATH.slice(0, -1))) return undefined;
  const key = path.endsWith('/') ? path : `${path}/`;
  return Object.hasOwn(GUIDE_PAGES, key) ? GUIDE_PAGES[key] : undefined;
}

/**
 * GET /openapi.json, GET /docs (with its assets) and the guides under /docs/guides/: outside /api/v1/public/, without
 * a key, after the HTTPS check. The document is built once per app, its `servers` naming `publicUrl` when the
 * operator set one; the guides were rendered at build time (scripts/render-guides.ts); the renderer's files are read
 * on first use and kept.
 */
export function docsRoutes(options: { publicUrl?: string | undefined } = {}): RequestHandler {
  const documentText = JSON.stringify(buildOpenApiDocument({ serverUrl: options.publicUrl }));
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
    const guide = isDocs || isDocument || isAsset ? undefined : guidePageAt(path);
    if (!isDocs && !isDocument && !isAsset && guide === undefined) {
      next();
      return;
    }
    // Templates as the metrics name them (docs/observability.md): one for every asset and guide, never the raw path.
    setRoute(res, isDocument ? OPENAPI_PATH : isDocs ? DOCS_PATH : isAsset ? `${ASSET_PREFIX}{asset}` : guideRoute(path));
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      throw new TransportError({ kind: 'method_not_allowed', method: req.method, allow: 'GET, HEAD' });
    }
    if (isDocument) {
      send(req, res, 'application/json', documentText);
    } else if (isDocs) {
      send(req, res, HTML, PAGE);
    } else if (guide !== undefined) {
      send(req, res, HTML, guide);
    } else if (assetName === 'init.js') {
      send(req, res, 'text/javascript; charset=utf-8', INIT_SCRIPT);
    } else if (assetName === 'guides.css') {
      send(req, res, 'text/css; charset=utf-8', GUIDES_CSS);
    } else if (assetName !== undefined) {
      send(req, res, ASSETS[assetName as keyof typeof ASSETS], asset(assetName));
    }
  };
}
