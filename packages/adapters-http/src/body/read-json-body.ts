import { TextDecoder } from 'node:util';
import type { Request } from 'express';
import { PyJsonError, parsePythonJson, type PyJson } from '../drf-compat/json-parser';
import { decodeUtf8LikePython } from '../drf-compat/utf8';
import { TransportError } from '../transport-error';

/** docs/api-behaviour.md §2: a JSON body over 1 MiB is refused with 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

const EMPTY_BODY = (): PyJson => Object.create(null) as PyJson;

/**
 * Reads and parses a request body the way DRF's JSONParser does, in DRF's order: an empty body is `{}` whatever its
 * type; then the media type (415); then size (413), charset decoding and JSON syntax (400 `JSON parse error - …`).
 * Called by a handler only after authentication, scope and rate limit (docs/api-behaviour.md §2), never as a global middleware.
 */
export async function readJsonBody(req: Request): Promise<PyJson> {
  const declaredLength = req.headers['content-length'];
  if (declaredLength !== undefined && Number(declaredLength) === 0) return EMPTY_BODY();
  if (declaredLength === undefined && req.headers['transfer-encoding'] === undefined) return EMPTY_BODY();

  const contentType = req.headers['content-type'] ?? '';
  const { isJson, charset } = readContentType(contentType);
  if (!isJson) throw new TransportError({ kind: 'unsupported_media_type', contentType });
  if (declaredLength !== undefined && Number(declaredLength) > MAX_BODY_BYTES) throw tooLarge();

  const bytes = await readBytes(req, MAX_BODY_BYTES);
  if (bytes.length === 0) return EMPTY_BODY();
  try {
    return parsePythonJson(decode(bytes, charset));
  } catch (error) {
    if (error instanceof PyJsonError) throw new TransportError({ kind: 'json_parse_error', reason: error.message });
    throw error;
  }
}

/**
 * DRF's `media_type_matches('application/json', content_type)`: the type is lower-cased, its parameters are ignored,
 * and a wildcard on the request side matches too. Django takes `charset` from the parameters when it names a codec.
 */
function readContentType(header: string): { isJson: boolean; charset: string | undefined } {
  const [type = '', ...params] = header.split(';');
  const full = type.trim().toLowerCase();
  const slash = full.indexOf('/');
  const main = slash < 0 ? full : full.slice(0, slash);
  const sub = slash < 0 ? '' : full.slice(slash + 1);
  const isJson = (main === 'application' || main === '*') && (sub === 'json' || sub === '*');
  let charset: string | undefined;
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq >= 0 && param.slice(0, eq).trim().toLowerCase() === 'charset') {
      charset = param
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
    }
  }
  return { isJson, charset };
}

function decode(bytes: Buffer, charset: string | undefined): string {
  const label = charset?.toLowerCase().replace(/_/g, '-');
  if (label === undefined || label === 'utf-8' || label === 'utf8') return decodeUtf8LikePython(bytes);
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label, { fatal: true, ignoreBOM: true });
  } catch {
    // Django ignores a charset that names no codec and falls back to UTF-8.
    return decodeUtf8LikePython(bytes);
  }
  try {
    return decoder.decode(bytes);
  } catch {
    throw new TransportError({ kind: 'json_parse_error', reason: `'${charset}' codec can't decode the request body` });
  }
}

function tooLarge(): TransportError {
  return new TransportError({ kind: 'payload_too_large', limitBytes: MAX_BODY_BYTES });
}

/**
 * The body, up to `limit` bytes. Rejects, rather than waiting for ever, when the client went away: also when it did
 * so before reading began (the handler awaited authentication and the rate limit first), because a stream destroyed
 * by then emits neither 'end' nor 'error' again, and a handler left waiting would hold up the shutdown drain.
 */
function readBytes(req: Request, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (req.destroyed) {
      reject(new TransportError({ kind: 'client_closed' }));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onAborted);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onAborted = () => onError(new TransportError({ kind: 'client_closed' }));
    // 'close' without 'end' first: the connection ended mid-body (onEnd has removed this listener otherwise).
    const onClose = () => onError(new TransportError({ kind: 'client_closed' }));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onAborted);
    req.on('close', onClose);
  });
}
