// The command line: one commander program, one file per verb under commands/. Only the verb
// being run is imported (a hook-time `run` must not load `demo`'s or `trust`'s dependencies);
// help and unknown verbs load them all.
import { Command } from 'commander';
import { EXIT, type ExitCode } from '../dialects/exit-codes.js';
import { PACKAGE_VERSION } from '../package-root.js';
import { reportError } from './report-error.js';
import { writeThroughStreams } from '../io/raw-stdio.js';

/** How a verb reports its exit code: actions resolve, they never exit the process themselves. */
export type Finish = (code: ExitCode) => void;

type Register = (program: Command, finish: Finish) => void;

/** Each verb's module and its registration, in the order help lists them. */
const VERBS: Record<string, () => Promise<Register>> = {
  run: async () => (await import('./commands/run.js')).registerRunCommand,
  list: async () => (await import('./commands/list.js')).registerListCommand,
  validate: async () => (await import('./commands/validate.js')).registerValidateCommand,
  test: async () => (await import('./commands/test.js')).registerTestCommand,
  replay: async () => (await import('./commands/replay.js')).registerReplayCommand,
  enable: async () => (await import('./commands/toggle.js')).registerEnableCommand,
  disable: async () => (await import('./commands/toggle.js')).registerDisableCommand,
  add: async () => (await import('./commands/add.js')).registerAddCommand,
  remove: async () => (await import('./commands/remove.js')).registerRemoveCommand,
  history: async () => (await import('./commands/history.js')).registerHistoryCommand,
  trust: async () => (await import('./commands/trust.js')).registerTrustCommand,
  init: async () => (await import('./commands/init.js')).registerInitCommand,
  doctor: async () => (await import('./commands/doctor.js')).registerDoctorCommand,
  demo: async () => (await import('./commands/demo.js')).registerDemoCommand,
  serve: async () => (await import('./commands/serve.js')).registerServeCommand,
};

/**
 * The registrations needed for argv: the named verb's alone, or every verb (and shell completion,
 * which reads them all) for help, completion and the unknown.
 */
async function registrationsFor(argv: readonly string[]): Promise<Register[]> {
  const named = argv[2] === undefined ? undefined : VERBS[argv[2]];
  if (named !== undefined && Object.hasOwn(VERBS, argv[2] as string)) return [await named()];
  const verbs = await Promise.all(Object.values(VERBS).map((load) => load()));
  const { registerCompletion } = await import('./completion.js');
  return [...verbs, registerCompletion];
}

function createProgram(registrations: readonly Register[], finish: Finish): Command {
  const program = new Command('hookpool')
    .description('Lifecycle hooks for AI agents: fire an event, and hookpool runs every matching hook in a worker pool with timeouts and process-tree kills, then merges their answers.')
    .version(PACKAGE_VERSION, '-v, --version')
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(`hookpool: ${text.replace(/^error: /, '')}`) })
    .addHelpText('after', `
Examples:
  $ hookpool demo                        # a simulated agent loop on the bundled examples
  $ hookpool list                        # hooks found for this project and user
  $ hookpool run PreToolUse --json --input '{"tool_name":"Bash","tool_input":{"command":"ls"}}'
  $ source <(hookpool completion bash)   # <TAB> completion (also zsh, fish)`);
  for (const register of registrations) register(program, finish);
  return program;
}

/** Runs the command line and resolves with the exit code; never throws. */
export async function runCli(argv: readonly string[]): Promise<number> {
  // Commander and the verbs write to the streams too; a reader that goes away (`hookpool list | head`) ends output quietly.
  writeThroughStreams();
  let exitCode: number = EXIT.proceed;
  try {
    await createProgram(await registrationsFor(argv), (code) => {
      exitCode = code;
    }).parseAsync([...argv]);
    return exitCode;
  } catch (error) {
    return reportError(error);
  }
}
