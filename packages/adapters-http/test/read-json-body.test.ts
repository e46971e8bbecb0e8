import { PassThrough } from 'node:stream';
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { readJsonBody } from '../src/body/read-json-body';

/** A request stream with JSON headers; the test writes, ends or destroys it. */
function aRequest(length: number): PassThrough & Request {
  const stream = new PassThrough();
  return Object.assign(stream, {
    headers: { 'content-type': 'application/json', 'content-length': String(length) },
  }) as unknown as PassThrough & Request;
}

/** Fails the test instead of hanging when the promise never settles. */
function settled<T>(promise: Promise<T>, ms = 1_000): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`still pending after ${ms} ms`)), ms))]);
}

describe('readJsonBody when the client goes away', () => {
  it('reads a body that arrives whole', async () => {
    const req = aRequest(9);
    const body = readJsonBody(req);
    req.end('{"a": 1}\n');
    expect(await settled(body)).toEqual({ a: 1 });
  });

  it('rejects at once for a request closed before reading began (the handler was still authenticating)', async () => {
    const req = aRequest(9);
    req.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    await expect(settled(readJsonBody(req))).rejects.toThrow('client_closed');
  });

  it('rejects for a connection that closes half-way through the body', async () => {
    const req = aRequest(100);
    const body = readJsonBody(req);
    req.write('{"site_id": ');
    await new Promise((resolve) => setImmediate(resolve));
    req.destroy();
    await expect(settled(body)).rejects.toThrow('client_closed');
  });
});
