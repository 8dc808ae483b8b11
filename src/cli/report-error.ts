// Every failure as one line per problem on stderr, and its exit code; a stack only with HOOKPOOL_DEBUG=1.
import { describeError, HookpoolError } from '../errors.js';

export { describeError } from '../errors.js';
import { EXIT } from '../dialects/exit-codes.js';
import { printError } from './output/print.js';
import { writeToFd } from '../io/raw-stdio.js';

/** Prints what went wrong (commander has printed its own usage errors already) and returns the exit code. */
export function reportError(error: unknown): number {
  if (isCommanderError(error)) return error.exitCode;
  if (error instanceof HookpoolError) {
    for (const line of error.message.split('\n')) printError(line);
  } else {
    printError(`${describeError(error)}${isDebug() ? '' : ' (HOOKPOOL_DEBUG=1 shows the stack)'}`);
  }
  if (isDebug() && error instanceof Error && error.stack) writeToFd(2, `${error.stack}\n`);
  return EXIT.error;
}


// Commander's own errors (usage, help, version) by their codes, so `run` need not load commander to report an error.
function isCommanderError(error: unknown): error is Error & { exitCode: number } {
  const { code, exitCode } = (error ?? {}) as { code?: unknown; exitCode?: unknown };
  return error instanceof Error && typeof exitCode === 'number' && typeof code === 'string' && code.startsWith('commander.');
}

function isDebug(): boolean {
  return process.env.HOOKPOOL_DEBUG === '1';
}
