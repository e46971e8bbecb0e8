export { type Config, ConfigError, loadConfig } from './config';
export { type AppContainer, type ContainerOptions, TOKENS, createContainer, importDependencies } from './container';
export { type RunningServer, startServer } from './server';
export { seedDemoTenant } from './demo/seed-demo';
export { FixtureError } from './fixtures/fixture-row';
export { parseFixture, readFixture } from './fixtures/parse-fixture';
export { importFixture } from './fixtures/import-fixture';
export { demoFixture, DEMO_TENANT_SLUG } from './demo/demo-fixture';
export { BcryptSecretHasher } from './adapters/bcrypt-secret-hasher';
