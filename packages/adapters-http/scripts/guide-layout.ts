import { DOCS_ASSET_PREFIX, DOCS_PATH, GUIDES_PATH, type Guide, OPENAPI_PATH, guidePath } from '../src/docs-site/paths';
import { escapeHtml } from './guide-markdown';

/**
 * The frame of every guide page and the guides' index: plain HTML with one stylesheet of the service's own, and no
 * script. Every link is a path this service serves.
 */

export const SITE_NAME = 'Campsite Management Public API';

/** A guide with its title and summary as inline HTML, ready for the frame. */
export interface GuideEntry extends Guide {
  titleHtml: string;
  summaryHtml: string;
}

function page(title: string, current: string | null, guides: GuideEntry[], main: string): string {
  const items = guides
    .map((guide) => {
      const path = guidePath(guide.name);
      const here = path === current ? ' aria-current="page"' : '';
      return `<li><a href="${path}"${here}>${guide.titleHtml}</a></li>`;
    })
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${DOCS_ASSET_PREFIX}guides.css">
</head>
<body class="guides">
<header class="site-header">
<a class="site-name" href="${GUIDES_PATH}">${SITE_NAME}</a>
<nav aria-label="Documentation">
<a href="${GUIDES_PATH}"${current === GUIDES_PATH ? ' aria-current="page"' : ''}>Guides</a>
<a href="${DOCS_PATH}">API reference</a>
<a href="${OPENAPI_PATH}">OpenAPI document</a>
</nav>
</header>
<div class="site-body">
<nav class="guide-list" aria-label="Guides">
<ul>
${items}
</ul>
</nav>
<main>
${main}</main>
</div>
</body>
</html>
`;
}

export function guidePage(guide: GuideEntry, guides: GuideEntry[], html: string): string {
  return page(`${guide.title} · ${SITE_NAME}`, guidePath(guide.name), guides, html);
}

export function indexPage(guides: GuideEntry[]): string {
  const rows = guides.map(
    (guide) => `<tr><td><a href="${guidePath(guide.name)}">${guide.titleHtml}</a></td><td>${guide.summaryHtml}</td></tr>`,
  );
  const main = `<h1 id="guides">Guides</h1>
<p>The <a href="${DOCS_PATH}">API reference</a> lists every operation, its parameters, answers and scope, from the
<a href="${OPENAPI_PATH}">OpenAPI document</a> this service publishes. The guides explain how to use them together.</p>
<table>
<thead><tr><th>guide</th><th>what it answers</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
`;
  return page(`Guides · ${SITE_NAME}`, GUIDES_PATH, guides, main);
}
