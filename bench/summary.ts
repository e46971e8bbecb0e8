/**
 * A run's results.json as markdown: the body of bench/README.md's "Latest run" section.
 *
 *   tsx bench/summary.ts [bench/results.json]            prints it
 *   tsx bench/summary.ts [bench/results.json] --write    also puts it between the section's markers in bench/README.md
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Results } from './results';
import { backendLines, caseRows, pairRows, platformRows, targetRows } from './tables';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const START = '<!-- latest-run:start (tsx bench/summary.ts --write) -->';
const END = '<!-- latest-run:end -->';

const cell = (text: string) => text.replace(/\|/g, '\\|');

function markdown(rows: string[][]): string {
  const [head, ...body] = rows;
  if (!head || body.length === 0) return '';
  const line = (r: string[]) => `| ${r.map(cell).join(' | ')} |`;
  return [line(head), `|${head.map(() => ' --- ').join('|')}|`, ...body.map(line)].join('\n');
}

export function summary(results: Results): string {
  const m = results.meta as Record<string, unknown>;
  const about = [
    `${String(m.date ?? '?').slice(0, 10)}, commit ${String(m.commit ?? '?')}, Node ${String(m.node ?? '?')}`,
    `${String(m.cpus ?? '?')} cores (${String(m.cpuModel ?? '?')})`,
    `${String(m.durationSeconds ?? '?')} s per case` +
      (m.pairDurationSeconds === undefined ? '' : `, ${String(m.pairDurationSeconds)} s per pair round`),
    `${String(m.connections ?? '?')} connections`,
    `load average ${String(m.loadAverage1mAtStart ?? '?')} at the start, ${String(m.loadAverage1mAtEnd ?? '?')} at the end`,
  ];
  const sections: Array<[string, string]> = [
    ['Targets', markdown(targetRows(results))],
    ['Accelerator pairs (gain = on / off)', markdown(pairRows(results))],
    ['Platform shape', markdown(platformRows(results))],
    ['Cases', markdown(caseRows(results))],
    [
      'Per backend',
      backendLines(results)
        .map((l) => `- ${l}`)
        .join('\n'),
    ],
    [
      'Failures',
      Object.entries(results.failures)
        .map(([part, reason]) => `- ${part}: ${reason}`)
        .join('\n'),
    ],
  ];
  const body = sections.filter(([, text]) => text !== '').map(([title, text]) => `### ${title}\n\n${text}`);
  return [`Run of ${about.join('; ')}.`, ...body].join('\n\n');
}

function main(): void {
  const { values, positionals } = parseArgs({ options: { write: { type: 'boolean' } }, allowPositionals: true });
  const file = resolve(positionals[0] ?? join(HERE, 'results.json'));
  const text = summary(JSON.parse(readFileSync(file, 'utf8')) as Results);
  console.log(text);
  if (!values.write) return;
  const readme = join(HERE, 'README.md');
  const current = readFileSync(readme, 'utf8');
  const from = current.indexOf(START);
  const to = current.indexOf(END);
  if (from < 0 || to < from) throw new Error(`${readme}: the markers ${START} and ${END} are missing`);
  writeFileSync(readme, `${current.slice(0, from + START.length)}\n\n${text}\n\n${current.slice(to)}`);
  console.error(`written to ${readme}`);
}

main();
