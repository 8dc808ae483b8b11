// The command line: one commander program, one file per verb under commands/.
import { Command } from 'commander';
import { registerDemoCommand } from './commands/demo.js';
import { registerDisableCommand, registerEnableCommand } from './commands/toggle.js';
import { registerListCommand } from './commands/list.js';
import { registerRunCommand } from './commands/run.js';
import { registerTestCommand } from './commands/test.js';
import { registerTrustCommand } from './commands/trust.js';
import { registerValidateCommand } from './commands/validate.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import { PACKAGE_VERSION } from './package-root.js';
import { reportError } from './report-error.js';

/** How a verb reports its exit code: actions resolve, they never exit the process themselves. */
export type Finish = (code: ExitCode) => void;

function createProgram(finish: Finish): Command {
  const program = new Command('hookpool')
    .description('Lifecycle hooks for AI agents: fire an event, and hookpool runs every matching hook in a worker pool with timeouts and process-tree kills, then merges their answers.')
    .version(PACKAGE_VERSION, '-v, --version')
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(`hookpool: ${text.replace(/^error: /, '')}`) })
    .addHelpText('after', `
Examples:
  $ hookpool demo                        # a simulated agent loop on the bundled examples
  $ hookpool list                        # hooks found for this project and user
  $ hookpool run PreToolUse --json --input '{"tool_name":"Bash","tool_input":{"command":"ls"}}'`);
  for (const register of [registerRunCommand, registerListCommand, registerValidateCommand, registerTestCommand, registerEnableCommand, registerDisableCommand, registerTrustCommand, registerDemoCommand]) {
    register(program, finish);
  }
  return program;
}

/** Runs the command line and resolves with the exit code; never throws. */
export async function runCli(argv: readonly string[]): Promise<number> {
  let exitCode: number = EXIT.proceed;
  try {
    await createProgram((code) => {
      exitCode = code;
    }).parseAsync([...argv]);
    return exitCode;
  } catch (error) {
    return reportError(error);
  }
}
