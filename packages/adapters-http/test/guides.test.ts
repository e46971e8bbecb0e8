import { readFileSync } from 'node:fs';
import { aTenant } from '@campsite/domain/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { GUIDES_PATH, guidePath } from '../src/docs-site/paths';
import { createApp } from '../src/index';
import { type Server, buildWorld, closeServers, serve, startWith } from './support/http-harness';

// The integrator guides of docs/ served with the reference (scripts/render-guides.ts renders them at build time):
// every page docs/README.md's first table lists answers as HTML with the headers of /docs, every link between the
// pages leads to a served page and heading, nothing is loaded from elsewhere, and the OpenAPI document links them
// below its server, which is PUBLIC_URL when the operator set one.

afterEach(closeServers);

const README = readFileSync(new URL('../../../docs/README.md', import.meta.url), 'utf8');
/** The guides as docs/README.md's first table names them, read here without the renderer's help. */
const LISTED = README.split('\n\n')
  .find((block) => block.startsWith('|'))!
  .split('\n')
  .flatMap((line) => /^\| \[[^\]]+\]\(([a-z\d-]+)\.md\)/.exec(line)?.[1] ?? []);
const PAGES = [GUIDES_PATH, ...LISTED.map(guidePath)];
const SECURITY_HEADERS = ['strict-transport-security', 'x-content-type-options', 'cache-control'];

/** The attribute values of every `<tag …>` of `html` (marked escapes `<` and `"` in text, so a match is a real tag). */
function attributes(html: string, tag: string, attribute: string): string[] {
  const tags = html.match(new RegExp(`<${tag}\\b[^>]*>`, 'g')) ?? [];
  return tags.flatMap((found) => new RegExp(`\\s${attribute}="([^"]*)"`).exec(found)?.[1] ?? []);
}

const unescape = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

async function started(publicUrl?: string): Promise<Server> {
  const world = buildWorld();
  return serve(createApp({ ...world.deps, ...(publicUrl === undefined ? {} : { publicUrl }) }));
}

describe('the guides under /docs/guides/', () => {
  it('serves the index and every guide docs/README.md lists, as HTML with the headers of /docs', async () => {
    expect(LISTED).toEqual(expect.arrayContaining(['authentication', 'pagination-and-sync', 'webhooks', 'versioning']));
    const { server } = await startWith(aTenant('alpine'));
    const reference = await server.get('/docs');
    for (const path of PAGES.flatMap((page) => [page, page.slice(0, -1)])) {
      const page = await server.get(path);
      expect(page.status, path).toBe(200);
      expect(page.headers['content-type'], path).toBe('text/html; charset=utf-8');
      for (const name of SECURITY_HEADERS) expect(page.headers[name], `${path} ${name}`).toBe(reference.headers[name]);
      expect(page.text, path).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    }
    const head = await server.request('HEAD', guidePath('webhooks'));
    expect([head.status, head.text, head.headers['content-type']]).toEqual([200, '', 'text/html; charset=utf-8']);
    const index = await server.get(GUIDES_PATH);
    expect(new Set(attributes(index.text, 'a', 'href'))).toEqual(new Set([...PAGES, '/docs', '/openapi.json']));
  });

  it('answers 404 for a guide it does not serve, and 405 for another method', async () => {
    const server = await started();
    for (const path of [guidePath('operations'), guidePath('README'), `${GUIDES_PATH}webhooks.md`, guidePath('webhooks/extra')]) {
      expect((await server.get(path)).status, path).toBe(404);
    }
    expect((await server.request('POST', guidePath('webhooks'))).status).toBe(405);
  });

  it('links only to served pages and headings, from every page, and reaches every guide', async () => {
    const server = await started();
    const origin = new URL(server.origin);
    const pages = new Map<string, string>();
    const fetchPage = async (path: string): Promise<string> => {
      if (!pages.has(path)) {
        const reply = await server.get(path);
        expect(reply.status, path).toBe(200);
        pages.set(path, reply.text);
      }
      return pages.get(path)!;
    };
    const queue = [GUIDES_PATH];
    const broken: string[] = [];
    let betweenGuides = 0;
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const html = await fetchPage(path);
      const main = html.slice(html.indexOf('<main>'));
      for (const href of attributes(html, 'a', 'href').map(unescape)) {
        const url = new URL(href, new URL(path, origin));
        expect(href, `${path} links a Markdown file`).not.toMatch(/\.md(#|$)/);
        if (url.origin !== origin.origin) continue;
        if (!url.pathname.startsWith(GUIDES_PATH)) {
          if ((await server.get(url.pathname)).status !== 200) broken.push(`${path}: ${href}`);
          continue;
        }
        if (!pages.has(url.pathname) && !queue.includes(url.pathname)) queue.push(url.pathname);
        const target = await fetchPage(url.pathname);
        const id = decodeURIComponent(url.hash.slice(1));
        if (id !== '' && !attributes(target, '[a-z\\d]+', 'id').includes(id)) broken.push(`${path}: ${href} (no id "${id}")`);
      }
      // The guides' own cross-references (in the text, not the frame's list) are among the links checked.
      betweenGuides += attributes(main, 'a', 'href').filter((href) => /^\/docs\/guides\/[a-z\d-]+\/#/.test(href)).length;
    }
    expect(broken).toEqual([]);
    expect([...pages.keys()].sort()).toEqual([...PAGES].sort());
    expect(betweenGuides).toBeGreaterThan(10);
  });

  it('loads nothing from elsewhere: no script, one stylesheet of this service that imports nothing', async () => {
    const server = await started();
    for (const path of PAGES) {
      const html = (await server.get(path)).text;
      expect(html, path).not.toMatch(/<script\b|<iframe\b|<img\b|<object\b|<embed\b|\sstyle="|\ssrc="/i);
      expect(attributes(html, 'link', 'href'), path).toEqual(['/docs/assets/guides.css']);
    }
    const css = await server.get('/docs/assets/guides.css');
    expect([css.status, css.headers['content-type']]).toEqual([200, 'text/css; charset=utf-8']);
    expect(css.text).toContain('.guides');
    expect(css.text).not.toMatch(/url\(|@import|https?:/i);
  });
});

describe('the OpenAPI document and the guides', () => {
  it('links every guide at its served path below its server, `/` without PUBLIC_URL', async () => {
    const server = await started();
    const document = (await server.get('/openapi.json')).json;
    expect(document.servers).toEqual([{ url: '/', description: 'This server' }]);
    const description = document.info.description as string;
    expect(description).not.toContain("repository's");
    const links = [...description.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
    expect(links).toEqual([GUIDES_PATH, ...LISTED.map(guidePath)]);
    const base = new URL(document.servers[0].url, server.origin);
    for (const link of links) {
      const reply = await server.get(new URL(link, base).href);
      expect([reply.status, reply.headers['content-type']], link).toEqual([200, 'text/html; charset=utf-8']);
    }
  });

  it.each([
    ['https://api.camping.example', 'https://api.camping.example'],
    ['https://api.camping.example/', 'https://api.camping.example'],
    ['https://camping.example/api', 'https://camping.example/api'],
  ])('names PUBLIC_URL %s as its server, and links the guides below it', async (publicUrl, server) => {
    const document = (await (await started(publicUrl)).get('/openapi.json')).json;
    expect(document.servers).toEqual([{ url: server, description: 'This server' }]);
    const links = [...(document.info.description as string).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
    expect(links).toEqual([`${server}${GUIDES_PATH}`, ...LISTED.map((name) => `${server}${guidePath(name)}`)]);
  });
});
