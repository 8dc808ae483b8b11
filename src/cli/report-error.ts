// Every failure as one line per problem on stderr, and its exit code; a stack only with HOOKPOOL_DEBUG=1.
import { CommanderError } from 'commander';
import { HookpoolError } from '../errors.js';
import { EXIT } from './exit-codes.js';
import { printError } from './output/print.js';

/** Prints what went wrong (commander has printed its own usage errors already) and returns the exit code. */
export function reportError(error: unknown): number {
  if (error instanceof CommanderError) return error.exitCode;
  if (error instanceof HookpoolError) {
    for (const line of error.message.split('\n')) printError(line);
  } else {
    const message = error instanceof Error ? error.message : String(error);
    printError(`internal error: ${message.split('\n')[0]}${isDebug() ? '' : ' (HOOKPOOL_DEBUG=1 shows the stack)'}`);
  }
  if (isDebug() && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  return EXIT.error;
}

function isDebug(): boolean {
  return process.env.HOOKPOOL_DEBUG === '1';
}
