/**
 * What every target row is made of: the backend's cases by id, and the verdict rules (bench/README.md, "Targets").
 */
import type { LoadResult } from './load';
import type { BackendResult, CaseResult, TargetResult } from './results';

export interface Sheet {
  b: BackendResult;
  byId(id: string): CaseResult | undefined;
  add(row: Omit<TargetResult, 'backend'>): void;
}

export function sheetOf(b: BackendResult, rows: TargetResult[]): Sheet {
  return {
    b,
    byId: (id) => b.cases.find((c) => c.id === id),
    add: (row) => rows.push({ backend: b.backend, ...row }),
  };
}

export const fixed = (v: number, digits = 2) => (Number.isFinite(v) ? v.toFixed(digits) : 'n/a');

export const verdict = (ok: boolean): TargetResult['verdict'] => (ok ? 'PASS' : 'MISS');

export function only2xx(result: LoadResult): boolean {
  return Object.keys(result.statusCodes).every((code) => code.startsWith('2')) && result.errors === 0;
}
