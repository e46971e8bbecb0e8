import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CHILD = fileURLToPath(new URL('./sqlite-child.ts', import.meta.url));

interface Child {
  process: ChildProcess;
  ready: Promise<void>;
  result: Promise<Record<string, unknown>>;
}

function startChild(args: string[]): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let onReady!: () => void;
  let onEarlyExit!: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    onReady = resolve;
    onEarlyExit = reject;
  });
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (out.includes('ready\n')) onReady();
  });
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const result = new Promise<Record<string, unknown>>((resolve, reject) => {
    child.on('exit', (code) => {
      // A child that dies while loading must fail the test now, not leave runTogether waiting for "ready".
      onEarlyExit(new Error(`child exited ${code} before it was ready: ${err || out}`));
      const last = out.trim().split('\n').pop() ?? '';
      if (code === 0 && last.startsWith('{')) resolve(JSON.parse(last) as Record<string, unknown>);
      else reject(new Error(`child exited ${code}: ${err || out}`));
    });
  });
  return { process: child, ready, result };
}

/** Starts the children, waits until all have loaded, then releases them at the same moment. */
export async function runTogether(argsPerChild: string[][]): Promise<Array<Record<string, unknown>>> {
  const children = argsPerChild.map(startChild);
  await Promise.all(children.map((c) => c.ready));
  for (const c of children) c.process.stdin!.write('go\n');
  return Promise.all(children.map((c) => c.result));
}
