import { describe, expect, it, vi } from 'vitest';
import { type ProcessInfo, isLauncher, readProc, watchLaunchers } from '../src/cli/launcher-watch';

describe('isLauncher', () => {
  it.each([
    [['npm exec pnpm@10 campsite serve'], true],
    [['sh', '-c', 'pnpm', 'campsite', 'serve'], true],
    [['/bin/dash', '-c', 'node --import tsx main.ts serve'], true],
    [['node', '/root/.npm/_npx/a1/node_modules/.bin/pnpm', 'campsite', 'serve'], true],
    [['/usr/bin/pnpm', 'campsite', 'serve'], true],
    [['node', '/usr/lib/node_modules/npm/bin/npx-cli.js', 'pnpm@10'], true],
  ])('counts %j as a launcher', (argv, expected) => {
    expect(isLauncher(argv)).toBe(expected);
  });

  it.each([
    [['-bash']],
    [['bash']],
    [['nohup', 'pnpm', 'campsite', 'serve']],
    [['node', '/work/main/node_modules/.pnpm/vitest@4/node_modules/vitest/vitest.mjs']],
    [['/usr/lib/systemd/systemd', '--user']],
    [[]],
  ])('does not count %j', (argv) => {
    expect(isLauncher(argv)).toBe(false);
  });
});

/** A process table the test edits: pid → info. */
function table(rows: Record<number, ProcessInfo>) {
  return { rows, read: (pid: number) => rows[pid] ?? null };
}

describe('watchLaunchers', () => {
  const server = { ppid: 30, startTime: '9', argv: ['node', '--import', 'tsx', 'main.ts', 'serve'] };

  it('stops the server once a launcher in the unbroken chain above it is gone, and not before', async () => {
    const procs = table({
      40: server,
      30: { ppid: 20, startTime: '3', argv: ['node', '/x/.bin/pnpm', 'campsite', 'serve'] },
      20: { ppid: 10, startTime: '2', argv: ['sh', '-c', 'pnpm', 'campsite', 'serve'] },
      10: { ppid: 5, startTime: '1', argv: ['npm exec pnpm@10 campsite serve'] },
      5: { ppid: 1, startTime: '0', argv: ['-bash'] },
    });
    const gone = vi.fn();
    const stop = watchLaunchers(gone, { selfPid: 40, intervalMs: 5, read: procs.read });
    await new Promise((r) => setTimeout(r, 30));
    expect(gone).not.toHaveBeenCalled();
    delete procs.rows[10]; // npx ended (the shell above it is not watched)
    await vi.waitFor(() => expect(gone).toHaveBeenCalledTimes(1), { timeout: 1_000, interval: 5 });
    stop();
  });

  it('takes a reused pid for a gone launcher (its start time differs)', async () => {
    const procs = table({ 40: server, 30: { ppid: 1, startTime: '3', argv: ['pnpm', 'campsite', 'serve'] } });
    const gone = vi.fn();
    const stop = watchLaunchers(gone, { selfPid: 40, intervalMs: 5, read: procs.read });
    procs.rows[30] = { ppid: 1, startTime: '77', argv: ['pnpm', 'campsite', 'serve'] };
    await vi.waitFor(() => expect(gone).toHaveBeenCalledTimes(1), { timeout: 1_000, interval: 5 });
    stop();
  });

  it('watches nothing under a shell or supervisor: a closed terminal does not stop a nohup server', async () => {
    const procs = table({ 40: server, 30: { ppid: 1, startTime: '3', argv: ['-bash'] } });
    const gone = vi.fn();
    watchLaunchers(gone, { selfPid: 40, intervalMs: 5, read: procs.read });
    delete procs.rows[30];
    await new Promise((r) => setTimeout(r, 30));
    expect(gone).not.toHaveBeenCalled();
  });
});

describe('readProc', () => {
  it('reads this very process: its parent and its argv', () => {
    const self = readProc(process.pid);
    if (process.platform !== 'linux') return expect(self).toBeNull();
    expect(self?.ppid).toBe(process.ppid);
    expect(self?.argv[0]).toBe(process.argv0);
    expect(self?.startTime).toMatch(/^\d+$/);
    expect(readProc(2 ** 22 + 12345)).toBeNull();
  });
});
