/** This package's version, sent in `User-Agent`. test/version.test.ts fails when it differs from package.json's. */
export const VERSION = '1.1.0';
