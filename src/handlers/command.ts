// `type: "command"` (the default): a process, `command` through a shell or `args` as an argv.
import type { CommandHandler } from '../model/hook-handler.js';
import type { HandlerKindSpec } from './handler-kind.js';

export const COMMAND_KIND = {
  kind: 'command',
  remote: false,
  onAgentThread: false,
  defaultTimeoutMs: undefined,
  fields: { required: [], optional: [] },
  describe: (_handler, hook) => hook.command ?? hook.args?.join(' ') ?? '',
  program: (_handler, hook) => hook.command?.trim().split(/\s+/)[0] ?? hook.args?.[0] ?? 'hook',
  missingRunner: () => null,
} as const satisfies HandlerKindSpec<CommandHandler>;
