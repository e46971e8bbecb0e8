import type { SandboxContent } from '@campsite/domain';
import { readFixture } from '../fixtures/parse-fixture';
import { demoFixture } from './demo-fixture';

/** The name of a sandbox made without `--name`: the demo campsite's, saying what it is. */
export const DEFAULT_SANDBOX_NAME = 'Camping Seeblick Brienz (Sandbox)';

/**
 * What every sandbox is seeded with (docs/operations.md, "A sandbox for an integrator"): the demo tenant of the first
 * start, its pitches, guests, bookings in every status, invoices and tariff, read through the same validation as any
 * imported file. Its slug, name and key are the sandbox's own.
 */
export function sandboxContent(): SandboxContent {
  const [demo] = readFixture(demoFixture()).tenants;
  if (!demo) throw new Error('the demo fixture holds no tenant');
  const { slug: _slug, name: _name, apiKeys: _keys, ...content } = demo;
  return content;
}
