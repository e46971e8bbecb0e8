/**
 * Child processes of the benchmark: spawned in their own process group, tracked, and always torn down, also when
 * the run fails or is interrupted (the bench must leave nothing running behind it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';

export interface Child {
  name: string;
  proc: ChildProcess;
  pid: number;
  /** Last lines of stdout+stderr, for error messages. */
  tail(): string;
  exited: Promise<number | null>;
}

const live = new Set<ChildProcess>();

export interface SpawnOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** stdout and stderr are appended here in full. */
  logFile?: string;
}

export function start(name: string, command: string, args: string[], options: SpawnOptions = {}): Child {
  const proc = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group, so that teardown reaches anything the child starts in turn.
    detached: true,
  });
  if (proc.pid === undefined) throw new Error(`${name}: could not start ${command}`);
  live.add(proc);
  const log = options.logFile ? createWriteStream(options.logFile, { flags: 'a' }) : null;
  let recent = '';
  const keep = (chunk: Buffer) => {
    log?.write(chunk);
    recent = (recent + chunk.toString('utf8')).slice(-4000);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => {
    proc.on('exit', (code, signal) => {
      live.delete(proc);
      log?.end();
      resolve(code ?? (signal ? 128 : null));
    });
    proc.on('error', () => {
      live.delete(proc);
      resolve(null);
    });
  });
  return { name, proc, pid: proc.pid, tail: () => recent, exited };
}

/** Resolves with the first regex match on the child's stdout; rejects if it exits or the time runs out first. */
export function waitForOutput(child: Child, pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => fail(new Error(`${child.name}: no output matching ${pattern} within ${timeoutMs} ms\n${child.tail()}`)),
      timeoutMs,
    );
    // The child's pipes keep the loop alive while it matters; a losing race must not hold the run open.
    timer.unref();
    const onData = (chunk: Buffer) => {
      seen = (seen + chunk.toString('utf8')).slice(-8000);
      const match = seen.match(pattern);
      if (match) {
        cleanup();
        resolve(match);
      }
    };
    const fail = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.proc.stdout?.off('data', onData);
    };
    child.proc.stdout?.on('data', onData);
    void child.exited.then((code) => fail(new Error(`${child.name} exited (${code}) before ready\n${child.tail()}`)));
  });
}

/** SIGTERM (the service drains on it), then SIGKILL for the whole group if it lingers. */
export async function stop(child: Child, graceMs = 10_000): Promise<number | null> {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return child.exited;
  signalGroup(child.proc, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child.proc, 'SIGKILL'), graceMs);
  const code = await child.exited;
  clearTimeout(timer);
  return code;
}

/** Runs a command to completion with a time limit; resolves with exit code, wall time and output. */
export async function runToEnd(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { timeoutMs: number },
): Promise<{ code: number | null; seconds: number; output: string }> {
  const started = performance.now();
  const child = start(name, command, args, options);
  let output = '';
  child.proc.stdout?.on('data', (c: Buffer) => (output += c.toString('utf8')));
  const timer = setTimeout(() => signalGroup(child.proc, 'SIGKILL'), options.timeoutMs);
  const code = await child.exited;
  clearTimeout(timer);
  return { code, seconds: (performance.now() - started) / 1000, output: output || child.tail() };
}

function signalGroup(proc: ChildProcess, signal: NodeJS.Signals): void {
  if (proc.pid === undefined) return;
  try {
    process.kill(-proc.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Last resort on exit or interrupt: every child still alive, by its own process group id. */
export function killAllChildren(): void {
  for (const proc of live) signalGroup(proc, 'SIGKILL');
  live.clear();
}

/** Peak resident set (VmHWM) of one process in MiB, or null once it is gone. */
export function peakRssMiB(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = status.match(/^VmHWM:\s+(\d+)\s+kB/m)?.[1];
    return kb ? Math.round((Number(kb) / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}
