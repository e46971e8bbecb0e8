/**
 * Where the service serves its documentation (outside /api/v1/public/, no key): the OpenAPI document, the reference
 * page rendered from it, and the integrator guides of docs/ rendered at build time (scripts/render-guides.ts). The
 * build's renderer reads these too, so that the links it writes are the paths the routes serve.
 */

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';
/** The files of the documentation pages under `/docs/assets/` (docs.routes.ts serves them). */
export const DOCS_ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'init.js', 'guides.css'] as const;
export const DOCS_ASSET_PREFIX = `${DOCS_PATH}/assets/`;
/** The guides' index page; each guide is served below it, `/docs/guides/<name>/` (the name of its file in docs/). */
export const GUIDES_PATH = `${DOCS_PATH}/guides/`;

export function guidePath(name: string): string {
  return `${GUIDES_PATH}${name}/`;
}

/** A guide as docs/README.md's first table lists it. */
export interface Guide {
  /** Its file in docs/ without `.md`: `webhooks`. */
  name: string;
  /** Its first heading as plain text. */
  title: string;
  /** What it answers (the table's second cell, Markdown). */
  summary: string;
}
