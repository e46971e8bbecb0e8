import { describe, expect, it } from 'vitest';
import { RequestActivityCounter } from '../src/request-activity';

describe('RequestActivityCounter', () => {
  it('is settled at once when no handler is at work', async () => {
    await expect(new RequestActivityCounter().settled()).resolves.toBeUndefined();
  });

  it('settles only when the last of several handlers ends', async () => {
    const activity = new RequestActivityCounter();
    activity.begin();
    activity.begin();
    let settled = false;
    const waiting = activity.settled().then(() => (settled = true));
    activity.end();
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    activity.end();
    await waiting;
    expect(settled).toBe(true);
  });
});
