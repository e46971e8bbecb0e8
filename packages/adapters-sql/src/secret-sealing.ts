import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals secrets at rest with AES-256-GCM (docs/security.md, "Secrets at rest"). A sealed value is
 * `sealed:v1:<key id>:<base64url of nonce, ciphertext and tag>`; the key id (the start of a hash of the key, which
 * reveals nothing of it) names the key that sealed it. What it is bound to (`boundTo`, for a webhook signing secret the
 * tenant and endpoint ids) is authenticated as associated data, so a sealed value copied to another row does not open.
 *
 * The first key seals; every key opens: during a rotation the processes hold the new and the old key
 * (docs/operations.md, "Server secrets").
 */
export class SecretSealer {
  private readonly ids: string[];

  constructor(private readonly keys: readonly Buffer[]) {
    if (keys.length === 0) throw new Error('sealing needs at least one key');
    for (const key of keys) if (key.length !== 32) throw new Error('a sealing key is 32 bytes');
    this.ids = keys.map((key) => createHash('sha256').update('campsite secrets key\u0000').update(key).digest('hex').slice(0, 8));
  }

  seal(plain: string, boundTo: string): string {
    const nonce = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys[0]!, nonce);
    cipher.setAAD(Buffer.from(boundTo, 'utf8'));
    const sealed = Buffer.concat([nonce, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${PREFIX}${this.ids[0]}:${sealed.toString('base64url')}`;
  }

  /**
   * The secret inside `stored`, or null when it cannot be opened here: sealed under a key this process does not hold,
   * bound to something else, or altered. A value stored before sealing began (not `sealed:`) is taken as it is.
   */
  open(stored: string, boundTo: string): string | null {
    if (!stored.startsWith(PREFIX)) return stored;
    const [id, body] = stored.slice(PREFIX.length).split(':');
    const key = this.keys[this.ids.indexOf(id ?? '')];
    if (key === undefined || body === undefined) return null;
    const bytes = Buffer.from(body, 'base64url');
    if (bytes.length < IV_BYTES + TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(boundTo, 'utf8'));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }

  /** Whether `stored` is sealed under the first key: what `secrets rotate` leaves alone. */
  isCurrent(stored: string): boolean {
    return stored.startsWith(`${PREFIX}${this.ids[0]}:`);
  }
}

/** What a webhook endpoint's signing secrets are bound to: they open only in their own endpoint's row. */
export function webhookSecretBinding(tenantId: number, endpointId: number): string {
  return `webhook signing secret of tenant ${tenantId}, endpoint ${endpointId}`;
}
