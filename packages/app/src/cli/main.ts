import { CommanderError } from 'commander';
import { describeFailure } from './cli-errors';
import { buildProgram } from './program';

/** The `campsite` executable: `pnpm campsite <command>` (OPERATIONS.md). */
async function main(): Promise<void> {
  const program = buildProgram({
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    errIsTty: process.stderr.isTTY === true,
    env: process.env,
    onServing: (stop) => {
      let draining = false;
      const shutdown = () => {
        // A second signal while draining means "now".
        if (draining) process.exit(1);
        draining = true;
        void stop().then(
          (clean) => process.exit(clean ? 0 : 1),
          (error: unknown) => {
            process.stderr.write(`${describeFailure(error)}\n`);
            process.exit(1);
          },
        );
      };
      process.on('SIGTERM', shutdown);
      process.on('SIGINT', shutdown);
    },
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
