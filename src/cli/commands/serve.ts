// `hookpool serve`: a resident engine for one project, for agents that would otherwise start
// `hookpool run` per event: Claude Code's http hooks and the hookpool-client command hook over
// loopback HTTP (--http), or an agent that spawns it as a child speaking JSON-RPC (--stdio).
import { Option, type Command } from 'commander';
import { HookpoolError } from '../../errors.js';
import { addConfigOptions, addPassEnvOption, type ConfigOptions, type PassEnvOptions } from '../config-options.js';
import { EXIT } from '../../dialects/exit-codes.js';
import type { Finish } from '../program.js';
import { DEFAULT_IDLE_TIMEOUT_MS } from '../../serve/lifetime.js';
import { resolveCliDirs } from '../../project/load-project.js';

interface ServeOptions extends ConfigOptions, PassEnvOptions {
  readonly http?: boolean;
  readonly stdio?: boolean;
  readonly worker?: boolean;
  readonly port?: string;
  readonly idleTimeout: string;
  readonly parentPid?: string;
}

/** `hookpool serve`: the server module is imported only when the verb runs. */
export function registerServeCommand(program: Command, finish: Finish): void {
  const command = program
    .command('serve')
    .summary('keep one engine running for a project: loopback HTTP (Claude Code http hooks, hookpool-client) or JSON-RPC on stdio')
    .description("Run a resident engine for the project, so events do not each start hookpool.\n--http: Claude Code http hooks POST their input to http://127.0.0.1:<port>/hookpool/claude-code, and hookpool-client calls it on a socket only your processes can reach; it answers only your own processes, stops a few seconds after the last agent session it served ends, and is started by hookpool-client when needed.\n--stdio: JSON-RPC 2.0, one JSON message per line (or Content-Length framed).")
    .option('--http', 'listen on 127.0.0.1 for Claude Code http hooks, and on a private socket for hookpool-client')
    .option('--stdio', 'speak JSON-RPC 2.0 on stdin/stdout; stops when stdin closes')
    .addOption(new Option('--worker').hideHelp())
    .option('--port <port>', 'HTTP port (default: derived from the project directory; 0: any free port)')
    .addOption(new Option('--idle-timeout <seconds>', 'stop after this long without a request').default(String(DEFAULT_IDLE_TIMEOUT_MS / 1000)))
    .option('--parent-pid <pid>', 'stop when this process (the agent) exits');
  addPassEnvOption(addConfigOptions(command)).addHelpText('after', `
Examples:
  $ hookpool serve --http                # what hookpool-client starts for Claude Code's http entries (hookpool init --agent claude)
  $ hookpool serve --stdio --cwd ~/src/app --parent-pid $PPID`).action(async (options: ServeOptions) => {
    const common = {
      ...options,
      idleTimeoutMs: seconds(options.idleTimeout),
      parentPid: options.parentPid === undefined ? undefined : integer(options.parentPid, '--parent-pid', 2 ** 22, 1),
      passEnv: options.passEnv ?? [],
    };
    if (options.worker === true) {
      const { runServeWorker } = await import('../../serve/worker.js');
      await runServeWorker({ ...common, cwd: (await resolveCliDirs(options)).cwd });
    } else if (options.http === true) {
      const { runSupervisor } = await import('../../serve/supervisor.js');
      await runSupervisor({ ...common, port: options.port === undefined ? undefined : integer(options.port, '--port', 65_535) });
    } else {
      const { runStdioServer } = await import('../../serve/stdio-server.js');
      await runStdioServer(common);
    }
    finish(EXIT.proceed);
  });
  command.hook('preAction', (_command, action) => {
    const { http, stdio, worker } = action.opts<ServeOptions>();
    if (worker === true) return;
    if (http === stdio) throw new HookpoolError('ERR_HOOKPOOL_USAGE', http === true ? 'serve: choose --http or --stdio, not both' : 'serve: choose --http or --stdio');
  });
}

function integer(text: string, name: string, max: number, min = 0): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) throw new HookpoolError('ERR_HOOKPOOL_USAGE', `${name} must be a whole number from ${min} to ${max}, not "${text}"`);
  return value;
}

// The longest delay a Node timer keeps (a longer one fires at once): about 24.8 days.
const MAX_TIMER_MS = 2 ** 31 - 1;

function seconds(text: string): number {
  const ms = Math.round(Number(text) * 1000);
  if (!Number.isFinite(ms) || ms <= 0 || ms > MAX_TIMER_MS) {
    throw new HookpoolError('ERR_HOOKPOOL_USAGE', `--idle-timeout must be a positive number of seconds up to ${Math.floor(MAX_TIMER_MS / 1000)}, not "${text}"`);
  }
  return ms;
}
