import { existsSync } from 'node:fs';
import { aTenant } from '@campsite/domain/testing';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { canRun } from '../../../test-support/skips';
import { GUIDES } from '../src/docs-site/guides.generated';
import { GUIDES_PATH, guidePath } from '../src/docs-site/paths';
import { buildOpenApiDocument } from '../src/index';
import { closeServers, startWith } from './support/http-harness';

// GET /docs and the guides in a real browser: every operation of the document is listed, every guide shows with its
// stylesheet, and no page asks anything of any other host (no fonts, no validator badge, no telemetry). Uses Debian's
// chromium (.ci/run installs it); in CI a missing browser fails the file instead of skipping it.

const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

afterEach(closeServers);

const haveBrowser = canRun('chromium', existsSync(CHROMIUM));

// One browser for the file, a fresh context for each test.
let launched: Promise<Browser> | undefined;
afterAll(async () => {
  await (await launched)?.close();
});

/** A page in a fresh browser context that lets requests reach `origin` only, and the list of those it refused. */
async function browse<T>(
  origin: string,
  visit: (page: Page, requested: string[]) => Promise<T>,
): Promise<{ result: T; outside: string[] }> {
  launched ??= chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  const context = await (await launched).newContext({ ignoreHTTPSErrors: true });
  try {
    const requested: string[] = [];
    const outside: string[] = [];
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      requested.push(url);
      if (new URL(url).origin === origin || url.startsWith('data:')) await route.continue();
      else {
        outside.push(url);
        await route.abort();
      }
    });
    const result = await visit(await context.newPage(), requested);
    return { result, outside };
  } finally {
    await context.close();
  }
}

describe.skipIf(!haveBrowser)('the API reference page in headless Chromium', () => {
  it('lists every operation and loads nothing from outside the service', async () => {
    const { server } = await startWith(aTenant('alpine'));
    const { outside } = await browse(server.origin, async (page, requested) => {
      await page.goto(`${server.origin}/docs`);
      const operationIds = Object.values(buildOpenApiDocument().paths as Record<string, Record<string, { operationId: string }>>).flatMap(
        (item) => Object.values(item).map((operation) => operation.operationId),
      );
      await page.waitForSelector('.opblock', { timeout: 20_000 });
      const listed = await page.$$eval('.opblock', (blocks) => blocks.map((block) => block.id));
      for (const operationId of operationIds) {
        expect(
          listed.some((id) => id.endsWith(`-${operationId}`)),
          `${operationId} listed`,
        ).toBe(true);
      }
      expect(await page.title()).toContain('Campsite');
      expect(requested).toContain(`${server.origin}/openapi.json`);
      // The document's description links the guides; the reference shows those links.
      const links = await page.$$eval('.info a', (anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
      expect(links).toEqual(expect.arrayContaining([GUIDES_PATH, ...GUIDES.map((guide) => guidePath(guide.name))]));
    });
    expect(outside).toEqual([]);
  }, 60_000);

  it('shows every guide styled, follows a link between guides to its heading, and loads nothing from outside', async () => {
    const { server } = await startWith(aTenant('alpine'));
    const { outside } = await browse(server.origin, async (page) => {
      await page.goto(`${server.origin}${GUIDES_PATH}`);
      for (const guide of GUIDES) {
        await page.goto(`${server.origin}${guidePath(guide.name)}`);
        expect(await page.title()).toContain(guide.title);
        expect(await page.$eval('h1', (h1) => h1.textContent)).toContain(guide.title);
        // The service's stylesheet applied: system fonts, the frame laid out.
        expect(await page.$eval('body', (body) => (globalThis as any).getComputedStyle(body).fontFamily as string)).toContain('system-ui');
      }
      // docs/booking-lifecycle.md links headings of other guides; the heading a link names is where the browser lands.
      await page.goto(`${server.origin}${guidePath('booking-lifecycle')}`);
      const link = page.locator(`main a[href^="${GUIDES_PATH}"][href*="#"]`).first();
      const href = (await link.getAttribute('href', { timeout: 5_000 }))!;
      await link.click();
      await page.waitForURL(`${server.origin}${href}`);
      const id = decodeURIComponent(new URL(page.url()).hash.slice(1));
      expect(await page.locator(`[id="${id}"]`).count()).toBe(1);
    });
    expect(outside).toEqual([]);
  }, 60_000);
});
