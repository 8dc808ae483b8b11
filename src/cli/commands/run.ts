// `hookpool run <event>`'s arguments and help; run-event.ts does the work (and fast-run.ts calls it
// without commander when the arguments are plain).
import { Option, type Command } from 'commander';
import { EVENT_NAMES } from '../../events/event-specs.js';
import { DIALECT_NAMES } from '../../dialects/dialect-names.js';
import { HOOK_PARTS } from '../../project/hook-parts.js';
import { addConfigOptions, addInputOptions, addPassEnvOption } from '../config-options.js';
import type { Finish } from '../program.js';
import { runEvent, type RunOptions } from '../run-event.js';

export function registerRunCommand(program: Command, finish: Finish): void {
  const command = program
    .command('run')
    .summary('fire one event through the configured hooks')
    .description('Fire one event through every matching hook and print the merged answer.\nExit 0: the agent may proceed; 2: blocked; 1: usage or configuration error.')
    .argument('[event]', "event name or alias, e.g. PreToolUse, tool.pre or Gemini's BeforeTool (optional with --format: taken from hook_event_name)");
  addInputOptions(command, 'default: stdin when it is not a terminal');
  addPassEnvOption(addConfigOptions(command))
    .option('--session-id <id>', 'session id given to hooks (default: the payload\'s session_id, else a new one)')
    .addOption(new Option('--json', 'print the merged answer (FireResult) as JSON').conflicts('format'))
    .addOption(new Option('--format <format>', "answer in an agent's hook protocol: JSON on stdout and its exit codes").choices(DIALECT_NAMES))
    .option('--http-port <port>', "with --format: the port the agent's http hook entries post to; the session stops when another user's program listens there")
    .option('--part <parts>', `which hooks run: ${HOOK_PARTS.join(', ')}, comma-separated (default: all; background hooks then run in a process left behind, so the answer never waits for them)`)
    .addHelpText('after', `
Events: ${EVENT_NAMES.join(', ')}

Examples:
  $ hookpool run PreToolUse --json --input '{"tool_name":"Bash","tool_input":{"command":"rm -rf /"}}'
  $ echo '{"hook_event_name":"Stop","session_id":"s1","cwd":"'"$PWD"'"}' | hookpool run --format claude
  $ echo '{"toolName":"bash","toolArgs":"{\\"command\\":\\"ls\\"}","cwd":"'"$PWD"'"}' | hookpool run --format copilot preToolUse

--format gemini|cursor|copilot|codex answer in that agent's protocol (hookpool init --agent writes its settings).

hookpool init --agent <agent> writes the entries that call it.`)
    .action(async (event: string | undefined, options: RunOptions) => finish(await runEvent(event, options)));
}
