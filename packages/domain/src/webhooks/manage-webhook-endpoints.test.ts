import { describe, expect, it } from 'vitest';
import type { Principal } from '../api-keys/api-key';
import { FixedClock } from '../testing/fixed-clock';
import { SeededRandom } from '../testing/seeded-random';
import { inMemoryAdapters } from '../testing/in-memory-adapters';
import { InMemoryStore } from '../testing/in-memory-store';
import { RecordingWebhookTransport } from '../testing/in-memory-webhooks';
import { aTenant } from '../testing/mothers';
import { PAUSED_MANUALLY, ManageWebhookEndpoints, base64 } from './manage-webhook-endpoints';

// docs/webhooks.md: secret rotation overlaps, manual pausing keeps the sender's reason, and the secret's encoding.

async function aWorld() {
  const store = new InMemoryStore();
  const clock = new FixedClock('2026-06-01T12:00:00Z');
  const adapters = inMemoryAdapters(store, clock);
  await adapters.importer.importTenants([aTenant('alpine')]);
  const principal: Principal = {
    tenantId: store.tenants[0]!.id,
    keyId: 1,
    prefix: 'ck_abcde',
    scopes: ['bookings:read', 'webhooks:manage'],
  };
  const manage = new ManageWebhookEndpoints(
    adapters.webhooks,
    { accepts: () => true },
    clock,
    new SeededRandom(3),
    new RecordingWebhookTransport(),
    adapters.deliveries,
  );
  const { view } = await manage.create(principal, { url: 'https://hooks.example.com/' });
  return { store, clock, adapters, principal, manage, id: view.endpoint.id };
}

describe('ManageWebhookEndpoints.rotateSecret', () => {
  it('keeps an earlier deadline, and forgets secrets whose deadline has passed', async () => {
    const { clock, adapters, principal, manage, id } = await aWorld();
    const first = (await adapters.webhooks.find(principal.tenantId, id))!.secrets[0]!.secret;
    const second = await manage.rotateSecret(principal, id, false);
    clock.advance(6 * 3600_000);
    const third = await manage.rotateSecret(principal, id, false);
    expect(third.previousExpiresAt).toEqual(new Date('2026-06-02T18:00:00Z'));
    expect((await adapters.webhooks.find(principal.tenantId, id))!.secrets).toEqual([
      { secret: third.secret, expiresAt: null },
      { secret: second.secret, expiresAt: new Date('2026-06-02T18:00:00Z') },
      { secret: first, expiresAt: new Date('2026-06-02T12:00:00Z') },
    ]);
    clock.advance(19 * 3600_000);
    const fourth = await manage.rotateSecret(principal, id, false);
    expect((await adapters.webhooks.find(principal.tenantId, id))!.secrets.map((s) => s.secret)).toEqual([
      fourth.secret,
      third.secret,
      second.secret,
    ]);
  });
});

describe('ManageWebhookEndpoints.update', () => {
  it("pausing an endpoint the sender paused keeps the sender's reason; resuming clears it", async () => {
    const { adapters, principal, manage, id } = await aWorld();
    await adapters.webhooks.update(principal.tenantId, id, { status: 'paused', pausedReason: 'gone' });
    expect((await manage.update(principal, id, { status: 'paused' })).endpoint.pausedReason).toBe('gone');
    expect((await manage.update(principal, id, { status: 'active' })).endpoint.pausedReason).toBeNull();
    expect((await manage.update(principal, id, { status: 'paused' })).endpoint.pausedReason).toBe(PAUSED_MANUALLY);
  });
});

describe('base64', () => {
  it('encodes as the standard alphabet with padding', () => {
    for (const text of ['', 'f', 'fo', 'foo', 'foob', 'fooba', 'foobar', '\u00ff\u00fe\u00fd']) {
      const bytes = new Uint8Array(Buffer.from(text, 'latin1'));
      expect(base64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    }
  });
});
