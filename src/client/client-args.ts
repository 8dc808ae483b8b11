// hookpool-client's command line, parsed without commander (it runs once per agent call):
// `hookpool-client [--format <agent>] [--part <parts>] [--http-port <port>] [<event>]`.
import { parseArgs } from 'node:util';
import { DIALECT_NAMES, isDialectName, type DialectName } from '../dialects/dialect-names.js';

export interface ClientArgs {
  readonly dialect: DialectName;
  readonly agentEvent: string | undefined;
  readonly parts: string | undefined;
  /** The http port the agent's settings post hooks to: the server checks it holds it (SessionStart). */
  readonly httpPort: number | undefined;
}

export const CLIENT_USAGE = `usage: hookpool-client [--format ${DIALECT_NAMES.join('|')}] [--part foreground,background,rewake] [--http-port <port>] [<event>]
A hook command for agents: reads the hook input on stdin, answers through the project's hookpool
server (starting it when it is not running), as hookpool run --format <agent> would.`;

/** The arguments, or the one-line reason they are not understood (`help` when help was asked for). */
export function parseClientArgs(argv: readonly string[]): ClientArgs | { readonly problem: string } | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { format: { type: 'string' }, part: { type: 'string' }, 'http-port': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    return { problem: (error as Error).message };
  }
  const { values, positionals } = parsed;
  if (values.help === true) return 'help';
  const dialect = values.format ?? 'claude';
  if (!isDialectName(dialect)) return { problem: `--format ${dialect}: expected one of ${DIALECT_NAMES.join(', ')}` };
  if (positionals.length > 1) return { problem: `one event at most, not ${positionals.join(' ')}` };
  const port = values['http-port'] === undefined ? undefined : Number(values['http-port']);
  if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65_535)) return { problem: `--http-port ${values['http-port']}: expected a port number` };
  return { dialect, agentEvent: positionals[0], parts: values.part, httpPort: port };
}
