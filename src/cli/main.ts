#!/usr/bin/env node
// The `hookpool` executable. runCli reports every error it can see; the handlers here catch what
// escapes an await, and a reader that goes away (`hookpool list | head`) ends output quietly.
// `run` with plain arguments skips commander (fast-run.ts): it is the verb agents call per tool call.
import { reportError } from './report-error.js';

// EPIPE: nobody reads any more. Reporting it would write to a closed pipe again (an endless loop
// when stderr is that pipe too), so the command just finishes without output.
const ignoreClosedPipe = (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
};
process.stdout.on('error', ignoreClosedPipe);
process.stderr.on('error', ignoreClosedPipe);

let reported = false;
const fail = (error: unknown) => {
  if (reported) return;
  reported = true;
  process.exitCode = reportError(error);
};
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);

const fastCode = process.argv[2] === 'run' ? await (await import('./fast-run.js')).runFast(process.argv) : undefined;
process.exitCode = fastCode ?? (await (await import('./program.js')).runCli(process.argv));
