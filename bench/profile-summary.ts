/**
 * Summarises a V8 .cpuprofile (from `pnpm bench --cpu-prof`): where the server's CPU time went, by function and by
 * file, self time and inclusive time. Used to explain a missed target.
 *
 *   tsx bench/profile-summary.ts FILE.cpuprofile [--top 25]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({ options: { top: { type: 'string' } }, allowPositionals: true });
const file = positionals[0];
if (!file) {
  console.error('usage: tsx bench/profile-summary.ts FILE.cpuprofile [--top N]');
  process.exit(2);
}
const top = Number(values.top ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);

const shortUrl = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/.*\/node_modules\/\.pnpm\/[^/]+\/node_modules\//, 'npm:')
    .replace(/^\/work\/main\//, '');
const frameKey = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anonymous)'} ${shortUrl(n.callFrame.url)}${n.callFrame.url ? `:${n.callFrame.lineNumber + 1}` : ''}`;

const selfByFunction = new Map<string, number>();
const selfByFile = new Map<string, number>();
const inclusiveByFunction = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id);
  if (!node) continue;
  selfByFunction.set(frameKey(node), (selfByFunction.get(frameKey(node)) ?? 0) + us);
  const fileKey = shortUrl(node.callFrame.url) || node.callFrame.functionName;
  selfByFile.set(fileKey, (selfByFile.get(fileKey) ?? 0) + us);
  // Inclusive: credit every distinct frame on the stack once.
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const frame = byId.get(cur);
    if (!frame) break;
    const key = frameKey(frame);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusiveByFunction.set(key, (inclusiveByFunction.get(key) ?? 0) + us);
  }
}

const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((us / totalUs) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`);
  }
};
console.log(`${file}: ${(totalUs / 1e6).toFixed(1)} s sampled`);
print('self time by function', selfByFunction);
print('self time by file', selfByFile);
print('inclusive time by function', inclusiveByFunction);
