import { existsSync } from 'node:fs';
import { aTenant } from '@campsite/domain/testing';
import { chromium } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { canRun } from '../../../test-support/skips';
import { buildOpenApiDocument } from '../src/index';
import { closeServers, startWith } from './support/http-harness';

// GET /docs in a real browser: every operation of the document is listed, and the page asks nothing of any other
// host (no fonts, no validator badge, no telemetry). Uses Debian's chromium (.ci/run installs it); in CI a missing
// browser fails the file instead of skipping it.

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

describe.skipIf(!haveBrowser)('the API reference page in headless Chromium', () => {
  it('lists every operation and loads nothing from outside the service', async () => {
    const { server } = await startWith(aTenant('alpine'));
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
    try {
      const context = await browser.newContext({ ignoreHTTPSErrors: true });
      const requested: string[] = [];
      const outside: string[] = [];
      await context.route('**/*', async (route) => {
        const url = route.request().url();
        requested.push(url);
        if (new URL(url).origin === server.origin || url.startsWith('data:')) await route.continue();
        else {
          outside.push(url);
          await route.abort();
        }
      });
      const page = await context.newPage();
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
      expect(outside).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
