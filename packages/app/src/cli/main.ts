import cluster from 'node:cluster';
import { CommanderError } from 'commander';
import { describeFailure } from './cli-errors';
import { buildProgram } from './program';
import { isClusterMessage } from '../cluster/messages';

/** Exits with the drain's outcome: 0 when every request finished, 1 otherwise. */
function exitAfter(stop: () => Promise<boolean>): void {
  void stop().then(
    (clean) => process.exit(clean ? 0 : 1),
    (error: unknown) => {
      process.stderr.write(`${describeFailure(error)}\n`);
      process.exit(1);
    },
  );
}

/** A lone server drains on SIGTERM or SIGINT; a second signal while draining means "now". */
function stopOnSignals(stop: () => Promise<boolean>): void {
  let draining = false;
  const shutdown = () => {
    if (draining) process.exit(1);
    draining = true;
    exitAfter(stop);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

/**
 * A worker of `serve --workers` drains when its supervisor says so, when it is sent SIGTERM itself, or when the
 * supervisor is gone (no worker outlives it). Ctrl-C reaches the whole process group; the supervisor passes it on
 * as its word, so the worker leaves SIGINT to it. Every trigger joins the one drain (`stop` is idempotent).
 */
function stopOnSupervisorsWord(stop: () => Promise<boolean>): void {
  const shutdown = () => exitAfter(stop);
  process.on('SIGINT', () => {
    // Listening keeps Node from dying on Ctrl-C; the server's own shutdown handles the signal.
  });
  process.on('SIGTERM', shutdown);
  process.on('disconnect', shutdown);
  process.on('message', (message: unknown) => {
    if (isClusterMessage(message, 'stop')) shutdown();
  });
}

/** The `campsite` executable (docs/operations.md). */
async function main(): Promise<void> {
  const program = buildProgram({
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    errIsTty: process.stderr.isTTY === true,
    env: process.env,
    onServing: cluster.isWorker ? stopOnSupervisorsWord : stopOnSignals,
    exit: (status) => process.exit(status),
  });
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    // Commander has already printed its own one-line message (unknown option, missing argument, --help).
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode;
      return;
    }
    process.stderr.write(`${describeFailure(error)}\n`);
    process.exitCode = 1;
  }
}

await main();
