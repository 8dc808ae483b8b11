// The CLI's start, shared by its two entries (bin.ts, the published executable, and main.ts, the
// unbundled one), which differ only in how they load its two halves: `run` with plain arguments
// (fast-run.ts: the verb agents call per tool call, without commander) and the other verbs
// (program.ts). runCli reports every error it can see; the handlers here catch what escapes an await.
import { reportError } from './report-error.js';

export interface CliHalves {
  readonly fastRun: () => Promise<{ runFast(argv: readonly string[]): Promise<number | undefined> }>;
  readonly program: () => Promise<{ runCli(argv: readonly string[]): Promise<number> }>;
}

/** Runs the command in argv and sets the exit code (no top-level await: the executable is CommonJS). */
export function startCli(argv: readonly string[], halves: CliHalves): void {
  let reported = false;
  const fail = (error: unknown) => {
    if (reported) return;
    reported = true;
    process.exitCode = reportError(error);
  };
  process.on('uncaughtException', fail);
  process.on('unhandledRejection', fail);
  const main = async () => {
    const fastCode = argv[2] === 'run' ? await (await halves.fastRun()).runFast(argv) : undefined;
    return fastCode ?? (await (await halves.program()).runCli(argv));
  };
  main().then((code) => {
    process.exitCode = code;
  }, fail);
}
