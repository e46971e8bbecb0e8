/**
 * Every value of header `name` (lower case) as the client sent it. Node keeps only the first of several `Host` or
 * `Authorization` headers in `req.headers`, while a proxy in front may keep the last; rules that must see the
 * repetition read `req.rawHeaders` through this (docs/security.md).
 */
export function headerValues(rawHeaders: readonly string[], name: string): string[] {
  const values: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const header = rawHeaders[i] as string;
    if (header.length === name.length && header.toLowerCase() === name) values.push(rawHeaders[i + 1] as string);
  }
  return values;
}
