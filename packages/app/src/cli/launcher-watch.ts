import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

/** What the watch needs to know of a process: its parent, its start time (against pid reuse) and its argv. */
export interface ProcessInfo {
  ppid: number;
  startTime: string;
  argv: string[];
}

/** Linux /proc; null when the process is gone (or there is no /proc: then nothing is watched). */
export function readProc(pid: number): ProcessInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may itself contain spaces and parentheses: fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter((arg) => arg !== '');
    return { ppid: Number(fields[1]), startTime: fields[19] ?? '', argv };
  } catch {
    return null;
  }
}

const PACKAGE_MANAGERS = /^(npm|npx|pnpm|pnpx|yarn|npm-cli\.js|npx-cli\.js|pnpm\.c?js|yarn\.c?js)$/;
const SHELLS = /^(sh|bash|dash)$/;

/**
 * A process that only launches `campsite serve` for someone else: a package manager (`pnpm campsite serve`,
 * `npx -y pnpm@10 …`, npm's "npm exec …" title) or the `sh -c` it runs scripts with.
 */
export function isLauncher(argv: readonly string[]): boolean {
  const [first = '', second = ''] = argv;
  if (/^npm (exec|run|start)\b/.test(first)) return true;
  if (SHELLS.test(basename(first))) return second === '-c';
  if (PACKAGE_MANAGERS.test(basename(first))) return true;
  // `node /path/to/pnpm …`: the script is the package manager.
  return basename(first) === 'node' && PACKAGE_MANAGERS.test(basename(second));
}

/**
 * `pnpm campsite serve` runs under launchers, and not all of them pass a stop signal on: npx (npm exec) and `sh -c`
 * end at SIGTERM and leave their child running, still holding the port. So the server notes the unbroken chain of
 * launchers above it and, once one of them is gone, stops as it does on SIGTERM. A shell or supervisor above the
 * launchers is not watched: `nohup pnpm campsite serve` keeps running when the terminal closes.
 *
 * Returns a function that ends the watch.
 */
export function watchLaunchers(
  onGone: () => void,
  options: { intervalMs?: number; selfPid?: number; read?: (pid: number) => ProcessInfo | null } = {},
): () => void {
  const read = options.read ?? readProc;
  const self = read(options.selfPid ?? process.pid);
  const launchers: Array<{ pid: number; startTime: string }> = [];
  for (let pid = self?.ppid ?? 0; pid > 1 && launchers.length < 16; ) {
    const info = read(pid);
    if (info === null || !isLauncher(info.argv)) break;
    launchers.push({ pid, startTime: info.startTime });
    pid = info.ppid;
  }
  if (launchers.length === 0) return () => {};
  const timer = setInterval(() => {
    if (launchers.every(({ pid, startTime }) => read(pid)?.startTime === startTime)) return;
    clearInterval(timer);
    onGone();
  }, options.intervalMs ?? 250);
  timer.unref();
  return () => clearInterval(timer);
}
