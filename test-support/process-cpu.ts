import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times: 100 on every Linux that Node supports. */
const TICKS_PER_SECOND = 100;

function ticksOf(pid: number): number {
  // Fields after the command's closing parenthesis (it may hold spaces): utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * The CPU time, user and system, that the process `pid` and its living descendants (a supervisor's workers) have
 * spent so far, in seconds, read from /proc: from outside, as an operator's `top` sees it. Linux only.
 */
export function cpuSecondsOfTree(pid: number): number {
  let ticks = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const next = pending.pop()!;
    try {
      ticks += ticksOf(next);
    } catch {
      // Ended meanwhile: its time went to its parent's account of waited-for children, which this does not read.
      continue;
    }
    pending.push(...childrenOf(next));
  }
  return ticks / TICKS_PER_SECOND;
}
