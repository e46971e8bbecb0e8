/** This package's version, sent in `User-Agent`. test/requests.test.ts fails when it differs from package.json's. */
export const VERSION = '1.2.0';
