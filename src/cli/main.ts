#!/usr/bin/env node
// The `hookpool` executable. runCli reports every error it can see; the handlers here catch what
// escapes an await.
// `run` with plain arguments skips commander (fast-run.ts): it is the verb agents call per tool call.
import { reportError } from './report-error.js';

let reported = false;
const fail = (error: unknown) => {
  if (reported) return;
  reported = true;
  process.exitCode = reportError(error);
};
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);

// No top-level await: the published executable is this file bundled as CommonJS (scripts/bundle-cli.js).
async function main(argv: readonly string[]): Promise<number> {
  const fastCode = argv[2] === 'run' ? await (await import('./fast-run.js')).runFast(argv) : undefined;
  return fastCode ?? (await (await import('./program.js')).runCli(argv));
}

main(process.argv).then((code) => {
  process.exitCode = code;
}, fail);
