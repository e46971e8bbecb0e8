// Test-only (test/e2e/crash-retry.test.ts): `campsite serve` from the compiled dist/, with a booking repository that
// kills the process with SIGKILL right after a create has committed and before its answer is written. The service's
// own wiring knows nothing of this; the container only lets a test stand a decorated port in for the opened one.
import { createContainer, loadConfig, startServer } from '../../dist/index.js';

/** The port, except that its created booking is never answered: the process dies first. */
function killedAfterCommit(bookings) {
  return Object.assign(Object.create(bookings), {
    async insertIfAvailable(booking, completion) {
      await bookings.insertIfAvailable(booking, completion);
      process.kill(process.pid, 'SIGKILL');
      return new Promise(() => {
        // Never settles: the signal ends the process.
      });
    },
  });
}

const container = await createContainer(loadConfig(process.env), {
  logDestination: 1,
  persistence: (opened) => ({ ...opened, bookings: killedAfterCommit(opened.bookings) }),
});
await startServer(container, { print: (text) => process.stdout.write(`${text}\n`) });
