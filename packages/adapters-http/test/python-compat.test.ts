import { describe, expect, it } from 'vitest';
import { PyFloat, PyJsonError, parsePythonJson } from '../src/drf-compat/json-parser';
import { comparePy, pyFloatRepr, pyStrip, pyTypeName } from '../src/drf-compat/text';
import { encodeQuery, groupQuery, parseQuery, quotePlus } from '../src/drf-compat/urlencode';
import { decodeUtf8LikePython } from '../src/drf-compat/utf8';

// The Python behaviour DRF's observable answers depend on. Expected strings were produced by CPython 3.11
// (`json.loads(doc, parse_constant=strict_constant)`, `bytes.decode('utf-8')`, `repr(float)`, urllib.parse).

function reason(doc: string): string {
  try {
    parsePythonJson(doc);
  } catch (error) {
    if (error instanceof PyJsonError) return error.message;
    throw error;
  }
  throw new Error(`parsed: ${doc}`);
}

describe('parsePythonJson', () => {
  const errors: Array<[string, string]> = [
    ['{', 'Expecting property name enclosed in double quotes: line 1 column 2 (char 1)'],
    ['{"site_id": 1,}', 'Expecting property name enclosed in double quotes: line 1 column 15 (char 14)'],
    ['   ', 'Expecting value: line 1 column 4 (char 3)'],
    ["{'a': 1}", 'Expecting property name enclosed in double quotes: line 1 column 2 (char 1)'],
    ['{"a" 1}', "Expecting ':' delimiter: line 1 column 6 (char 5)"],
    ['{"a": 1 "b": 2}', "Expecting ',' delimiter: line 1 column 9 (char 8)"],
    ['[1, 2', "Expecting ',' delimiter: line 1 column 6 (char 5)"],
    ['{"a": NaN}', "Out of range float values are not JSON compliant: 'NaN'"],
    ['Infinity', "Out of range float values are not JSON compliant: 'Infinity'"],
    ['-Infinity', "Out of range float values are not JSON compliant: '-Infinity'"],
    ['{} x', 'Extra data: line 1 column 4 (char 3)'],
    ['{"a": "x\ny"}', 'Invalid control character at: line 1 column 9 (char 8)'],
    ['"\\x"', 'Invalid \\escape: line 1 column 2 (char 1)'],
    ['\n\n  {"a": tru}', 'Expecting value: line 3 column 9 (char 10)'],
    ['\ufeff{}', 'Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0)'],
    ['"\\u12"', 'Invalid \\uXXXX escape: line 1 column 3 (char 2)'],
    ['"\\u12G4"', 'Invalid \\uXXXX escape: line 1 column 3 (char 2)'],
    ['"\\ud800\\u12G4"', 'Invalid \\uXXXX escape: line 1 column 9 (char 8)'],
    ['[1,]', 'Expecting value: line 1 column 4 (char 3)'],
    ['01', 'Extra data: line 1 column 2 (char 1)'],
    ['-', 'Expecting value: line 1 column 1 (char 0)'],
    ['1E+', 'Extra data: line 1 column 2 (char 1)'],
    ['"abc', 'Unterminated string starting at: line 1 column 1 (char 0)'],
    ['"\\', 'Unterminated string starting at: line 1 column 1 (char 0)'],
    ['[', 'Expecting value: line 1 column 2 (char 1)'],
    ['{"a":', 'Expecting value: line 1 column 6 (char 5)'],
    ['"😀" x', 'Extra data: line 1 column 5 (char 4)'],
    ['1.e5', 'Extra data: line 1 column 2 (char 1)'],
    ['[1 2]', "Expecting ',' delimiter: line 1 column 4 (char 3)"],
    ['{"a":1}}', 'Extra data: line 1 column 8 (char 7)'],
    ['nul', 'Expecting value: line 1 column 1 (char 0)'],
    ['[[[]]', "Expecting ',' delimiter: line 1 column 6 (char 5)"],
  ];
  it.each(errors)('%j fails like Python: %s', (doc, expected) => {
    expect(reason(doc)).toBe(expected);
  });

  it('tells ints from floats and keeps big ints exact', () => {
    expect(parsePythonJson('5')).toBe(5);
    expect(parsePythonJson('-0')).toBe(0);
    expect(Object.is(parsePythonJson('-0'), -0)).toBe(false);
    expect(parsePythonJson('5.0')).toEqual(new PyFloat(5));
    expect(parsePythonJson('1e2')).toEqual(new PyFloat(100));
    expect(parsePythonJson('1E-2')).toEqual(new PyFloat(0.01));
    expect(parsePythonJson('1e400')).toEqual(new PyFloat(Infinity));
    expect(parsePythonJson('123456789012345678901234567890')).toBe(123456789012345678901234567890n);
    expect(reason('1'.repeat(4301))).toBe(
      'Exceeds the limit (4300 digits) for integer string conversion: value has 4301 digits; use ' +
        'sys.set_int_max_str_digits() to increase the limit',
    );
  });

  it('reads strings, escapes, surrogate pairs and nesting', () => {
    expect(parsePythonJson(' {"a": [1, "x\\n\\u00e9\\ud83d\\ude00", null, true, false, {}], "a": "last"} ')).toEqual(
      Object.assign(Object.create(null), { a: 'last' }),
    );
    expect(parsePythonJson('["\\ud83d\\ude00", "\\ud83d", "\\/"]')).toEqual(['😀', '\ud83d', '/']);
    const proto = parsePythonJson('{"__proto__": 1}') as Record<string, unknown>;
    expect(Object.keys(proto)).toEqual(['__proto__']);
    expect(reason('['.repeat(600))).toMatch(/^maximum recursion depth exceeded/);
  });
});

describe('decodeUtf8LikePython', () => {
  const bad: Array<[number[], string]> = [
    [[0xff], "'utf-8' codec can't decode byte 0xff in position 0: invalid start byte"],
    [
      [...Buffer.from('{"a":"'), 0xe2, 0x82, 0x41, ...Buffer.from('"}')],
      "'utf-8' codec can't decode bytes in position 6-7: invalid continuation byte",
    ],
    [[0xe2, 0x41], "'utf-8' codec can't decode byte 0xe2 in position 0: invalid continuation byte"],
    [[0xf0, 0x9f, 0x98, 0x41], "'utf-8' codec can't decode bytes in position 0-2: invalid continuation byte"],
    [[0xed, 0xa0, 0x80], "'utf-8' codec can't decode byte 0xed in position 0: invalid continuation byte"],
    [[0xc0, 0xaf], "'utf-8' codec can't decode byte 0xc0 in position 0: invalid start byte"],
  ];
  it.each(bad)('%j fails like Python', (bytes, expected) => {
    expect(() => decodeUtf8LikePython(Uint8Array.from(bytes))).toThrow(expected);
  });

  it('drops an incomplete sequence at the end, as the incremental reader does, and keeps a BOM', () => {
    expect(decodeUtf8LikePython(Uint8Array.from([...Buffer.from('{"a":1}'), 0xe2, 0x82]))).toBe('{"a":1}');
    expect(decodeUtf8LikePython(Uint8Array.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]))).toBe('\ufeff{}');
    expect(decodeUtf8LikePython(Buffer.from('Müller 😀'))).toBe('Müller 😀');
  });
});

describe('Python text helpers', () => {
  it.each([
    [5, '5.0'],
    [1e16, '1e+16'],
    [1e-5, '1e-05'],
    [0.0001, '0.0001'],
    [123.456, '123.456'],
    [1e22, '1e+22'],
    [-0, '-0.0'],
    [1.5e300, '1.5e+300'],
    [2.5e-7, '2.5e-07'],
    [100, '100.0'],
    // eslint-disable-next-line no-loss-of-precision -- the rounding is the point: Python prints the double it became.
    [12345678901234567, '1.2345678901234568e+16'],
    [0.1 + 0.2, '0.30000000000000004'],
    [-42.5, '-42.5'],
    [Infinity, 'inf'],
  ])('repr(%d) is %s', (value, expected) => {
    expect(pyFloatRepr(value)).toBe(expected);
  });

  it('strips like str.strip()', () => {
    expect(pyStrip(' \t\n\x1c\x85\u3000 Anna \u2003')).toBe('Anna');
    expect(pyStrip('\ufeffAnna\ufeff')).toBe('\ufeffAnna\ufeff');
  });

  it('names types like type(x).__name__', () => {
    expect([[], 'x', 1, 2n, new PyFloat(1), true, null].map((v) => pyTypeName(v as never))).toEqual([
      'list',
      'str',
      'int',
      'int',
      'float',
      'bool',
      'NoneType',
    ]);
  });

  it('compares by code point', () => {
    expect(['\uffff', '😀', 'b', 'a'].sort(comparePy)).toEqual(['a', 'b', '\uffff', '😀']);
  });
});

describe('query strings like urllib.parse', () => {
  it('parses like parse_qsl(keep_blank_values=True)', () => {
    expect(parseQuery('a=1&&b&c=&d=x+y%20z&e=%zz%4&f=%C3%A9%FF&=v&g=1=2')).toEqual([
      ['a', '1'],
      ['b', ''],
      ['c', ''],
      ['d', 'x y z'],
      ['e', '%zz%4'],
      ['f', 'é\ufffd'],
      ['', 'v'],
      ['g', '1=2'],
    ]);
  });

  it('encodes like urlencode(sorted(...), doseq=True) with quote_plus', () => {
    const groups = groupQuery(parseQuery('z=1&a=x%20y&m=2&a=%2F&b=*~._-'));
    expect(encodeQuery(groups)).toBe('a=x+y&a=%2F&b=%2A~._-&m=2&z=1');
    expect(quotePlus("!'()*@:/?&=+ é")).toBe('%21%27%28%29%2A%40%3A%2F%3F%26%3D%2B+%C3%A9');
  });
});
