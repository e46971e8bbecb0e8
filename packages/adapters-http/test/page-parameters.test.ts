import { isDomainError, resolvePage } from '@campsite/domain';
import { describe, expect, it } from 'vitest';
import { parsePythonInt, readPageRequest } from '../src/drf-compat/paging';

function invalidPageError(run: () => unknown): boolean {
  try {
    run();
  } catch (error) {
    return isDomainError(error, 'invalid_page') && error.message === 'Invalid page.';
  }
  return false;
}

// docs/api-behaviour.md §2, pagination: DRF's PageNumberPagination, read like Python's int().
describe('readPageRequest: page', () => {
  it.each([
    [undefined, 1],
    ['', 1],
    ['1', 1],
    ['2', 2],
    [' 2 ', 2],
    ['\t3\n', 3],
    ['+2', 2],
    ['002', 2],
    ['1_0', 10],
  ])('page %j reads as %j', (raw, page) => {
    expect(readPageRequest(raw, undefined).page).toBe(page);
  });

  it('reads "last" as the last page', () => {
    expect(readPageRequest('last', undefined).page).toBe('last');
  });

  it.each(['0', '-1', '-0', '+0', '1.5', '2.0', 'abc', '1e2', '0x2', '2a', '_1', '1_', '1__0', '+', '-', ' ', 'LAST', 'first', '１'])(
    'page %j is Invalid page.',
    (raw) => {
      expect(invalidPageError(() => readPageRequest(raw, undefined))).toBe(true);
    },
  );

  it('a page number beyond 2^53 is Invalid page., not a crash or page 1', () => {
    expect(invalidPageError(() => resolvePage(readPageRequest('99999999999999999999999', undefined), 10))).toBe(true);
  });
});

describe('readPageRequest: page_size', () => {
  it.each([
    [undefined, 50],
    ['', 50],
    ['abc', 50],
    ['1.5', 50],
    ['0', 50],
    ['-1', 50],
    ['-500', 50],
    ['1', 1],
    ['10', 10],
    [' 10 ', 10],
    ['+10', 10],
    ['200', 200],
    ['201', 200],
    ['100000', 200],
    ['99999999999999999999999', 200], // Python's int() reads it, and DRF clamps it
  ])('page_size %j reads as %i', (raw, size) => {
    expect(readPageRequest(undefined, raw).pageSize).toBe(size);
  });
});

describe('parsePythonInt', () => {
  it.each([
    ['42', 42],
    ['  -7  ', -7],
    ['+0', 0],
    ['1_000', 1000],
  ])('reads %j as %i', (raw, value) => {
    expect(parsePythonInt(raw)).toBe(value);
  });

  it.each(['', ' ', '4 2', '4.0', '1e3', 'abc', '--1', '1_', '_1'])('refuses %j like int() raises', (raw) => {
    expect(parsePythonInt(raw)).toBeNull();
  });
});
