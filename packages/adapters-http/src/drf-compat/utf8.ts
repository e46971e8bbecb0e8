import { TextDecoder } from 'node:util';
import { PyJsonError } from './json-parser';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Decodes a request body as DRF does (`codecs.getreader('utf-8')(stream).read()`): an invalid sequence raises Python's
 * UnicodeDecodeError text, which DRF reports as `JSON parse error - <reason>`; an incomplete sequence at the very end
 * is silently dropped by the incremental reader. A BOM is kept, so the JSON parser can refuse it like Python.
 */
export function decodeUtf8LikePython(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return strictUtf8.decode(bytes.subarray(0, validPrefixOrThrow(bytes)));
  }
}

/** Length of the input once a trailing incomplete sequence is dropped; throws at the first invalid sequence. */
function validPrefixOrThrow(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i] as number;
    if (lead < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) need = 1;
    else if (lead >= 0xe0 && lead <= 0xef) {
      need = 2;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      need = 3;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    } else {
      throw decodeError(bytes, i, i + 1, 'invalid start byte');
    }
    for (let j = 1; j <= need; j++) {
      if (i + j >= bytes.length) return i;
      const next = bytes[i + j] as number;
      if (next < (j === 1 ? low : 0x80) || next > (j === 1 ? high : 0xbf)) {
        throw decodeError(bytes, i, i + j, 'invalid continuation byte');
      }
    }
    i += need + 1;
  }
  return bytes.length;
}

function decodeError(bytes: Uint8Array, start: number, end: number, reason: string): PyJsonError {
  const where =
    end - start === 1
      ? `byte 0x${(bytes[start] as number).toString(16).padStart(2, '0')} in position ${start}`
      : `bytes in position ${start}-${end - 1}`;
  return new PyJsonError(`'utf-8' codec can't decode ${where}: ${reason}`);
}
