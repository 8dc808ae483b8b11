// One Claude Code command handler's fields into the native ones (hooks reference, "Hook handler
// fields", "Exec form and shell form"). A field Claude Code defines is implemented, or ignored
// with a note where ignoring it cannot let anything through; a field it does not define is
// ignored with a note, as Claude Code ignores it; a value hookpool cannot read (an `onFailure`
// other than block or continue, say) makes the handler a broken entry, which refuses on a guard.
import { z } from 'zod';
import { EVENT_SPECS, type EventName } from '../../events/event-specs.js';
import { commandSchema } from '../field-schemas.js';
import { onFailureSchema } from './claude-on-failure.js';
import type { NativeHookInput } from '../native-schema.js';
import { problemAt } from './shared.js';

/** Where a Claude hooks document came from, when it is more than a settings file. */
export interface ClaudeHooksContext {
  /** A plugin's hooks: `${CLAUDE_PLUGIN_ROOT}` and `${CLAUDE_PLUGIN_DATA}` are these folders. */
  readonly plugin?: { readonly root: string; readonly data: string };
  /** A skill's frontmatter hooks: active once the skill is invoked. */
  readonly skill?: string;
  /** A subagent's frontmatter hooks: active on its fires only. */
  readonly agentType?: string;
  /** The event a hook of `event` is registered on (a subagent's Stop hooks run on SubagentStop). */
  readonly renameEvent?: (event: EventName) => EventName;
}

/**
 * The fields of a command handler in Claude Code's reference (2.1.332's schema), plus hookpool's
 * own `onError` and Cursor's `failClosed`. A field Claude Code does not know it ignores, and so
 * does hookpool, with a note; of the known ones only those that decide what runs are read.
 */
export const COMMAND_FIELDS: ReadonlySet<string> = new Set([
  'type', 'command', 'args', 'timeout', 'async', 'asyncRewake', 'rewakeMessage', 'rewakeSummary', 'once', 'statusMessage', 'shell', 'if', 'onFailure',
  'onError', 'failClosed',
]);
/** Known to Claude Code, read by hookpool as nothing: each changes only where or how eagerly Claude Code runs the hook, never what it may decide. */
const IGNORED_FIELDS: Readonly<Record<string, string>> = {
  holdsTools: "lets Claude Code send the prompt before this hook answers; hookpool waits for it",
  cloud: 'says whether a cloud session may run the hook; hookpool runs it on this machine',
};

const text = z.string().min(1, 'expected a non-empty string');

export const commandHandlerSchema = z.looseObject({
  type: z.literal('command'),
  command: commandSchema,
  args: z.array(z.string({ error: 'expected a string' }), { error: 'expected an array of argument strings (exec form: no shell)' }).optional(),
  timeout: z.number({ error: 'expected a number of seconds' }).positive('expected a positive number of seconds').max(86_400, 'expected at most 86400 seconds').optional(),
  async: z.boolean().optional(),
  asyncRewake: z.boolean().optional(),
  rewakeMessage: text.optional(),
  rewakeSummary: text.optional(),
  once: z.boolean().optional(),
  statusMessage: text.optional(),
  shell: z.enum(['bash', 'powershell'], { error: 'expected "bash" or "powershell"' }).optional(),
  if: z.string({ error: 'expected one permission rule, e.g. "Bash(git push *)"' }).optional(),
  onFailure: onFailureSchema.optional(),
  onError: z.enum(['open', 'closed']).optional(),
  failClosed: z.boolean().optional(),
});

export type CommandHandler = z.output<typeof commandHandlerSchema>;

interface HandlerPlace {
  readonly file: string;
  readonly event: EventName;
  readonly path: readonly PropertyKey[];
}

/** A note for each field hookpool reads as nothing (Claude Code's internal ones, and any it does not know either); the handler still loads. */
export function noteIgnoredFields(value: Record<string, unknown>, known: ReadonlySet<string>, place: HandlerPlace, problems: string[]): void {
  for (const key of Object.keys(value).filter((name) => !known.has(name))) {
    const why = IGNORED_FIELDS[key];
    problems.push(problemAt(place.file, [...place.path, key], why === undefined ? `"${key}" is not a field of a Claude Code hook: ignored, as Claude Code ignores it` : `"${key}" ${why}: ignored`));
  }
}

const PLUGIN_VARIABLE = /\$\{?(CLAUDE_PLUGIN_ROOT|CLAUDE_PLUGIN_DATA)\b\}?/;
const USER_CONFIG = /\$\{user_config\.[^}]*\}/;
// A folder put into a shell command's text must not be able to end a quote or start an expansion.
const SHELL_SPECIAL = /['"$`\\\n]/;

/**
 * The native fields of a handler (everything but event, matcher, timeout and onError), or
 * undefined with its problems when it cannot load as written. Problems that leave it loadable
 * (an `if` where it never applies, `shell` beside `args`) are reported too.
 */
export function convertHandler(handler: CommandHandler, place: HandlerPlace, context: ClaudeHooksContext, problems: string[]): Partial<NativeHookInput> | undefined {
  const at = (field: string, message: string) => problems.push(problemAt(place.file, [...place.path, field], message));
  const words = [handler.command, ...(handler.args ?? [])];
  if (words.some((word) => USER_CONFIG.test(word))) {
    at('command', 'plugin options (${user_config.*}) are not supported by hookpool; use the variable $CLAUDE_PLUGIN_OPTION_<KEY> in a script, or a fixed value');
    return undefined;
  }
  const expanded = expandPluginFolders(handler, context.plugin);
  if (typeof expanded === 'string') {
    at(handler.args === undefined ? 'command' : 'args', expanded);
    return undefined;
  }
  if (handler.args !== undefined && /\s/.test(handler.command) && !handler.command.includes('/')) {
    at('command', `in exec form ("args" given) "command" is one program, resolved on PATH: "${handler.command}" holds spaces; put its arguments in "args"`);
    return undefined;
  }
  if (handler.args !== undefined && handler.shell !== undefined) at('shell', 'has no effect with "args": exec form runs no shell; ignored');
  if (handler.if !== undefined && !EVENT_SPECS[place.event].toolEvent) {
    at('if', `never runs: Claude Code applies "if" only on tool events (PreToolUse, PostToolUse, PostToolUseFailure, PermissionRequest, PermissionDenied), and skips a hook that has one on ${place.event}; remove "if" or move the hook`);
  }
  return {
    ...expanded,
    background: handler.async === true ? true : undefined,
    asyncRewake: handler.asyncRewake,
    rewakeMessage: handler.rewakeMessage,
    rewakeSummary: handler.rewakeSummary,
    once: handler.once,
    statusMessage: handler.statusMessage,
    shell: handler.args === undefined ? handler.shell : undefined,
    if: handler.if,
    skill: context.skill,
    agentType: context.agentType,
    env: context.plugin === undefined ? undefined : { set: { CLAUDE_PLUGIN_ROOT: context.plugin.root, CLAUDE_PLUGIN_DATA: context.plugin.data } },
  };
}

/*
 * Shell form is `command` for sh -c; exec form (`args` present, even empty) is an argv with no
 * shell: [command, ...args]. The plugin folders are put into the words as plain text, as Claude
 * Code does (a single-quoted '${CLAUDE_PLUGIN_ROOT}/x' works too); ${CLAUDE_PROJECT_DIR} is
 * substituted in exec form when the engine runs it (it knows the project), and in shell form the
 * shell reads it from the environment.
 */
function expandPluginFolders(handler: CommandHandler, plugin: ClaudeHooksContext['plugin']): { command?: string; args?: string[] } | string {
  const words = [handler.command, ...(handler.args ?? [])];
  const named = words.map((word) => PLUGIN_VARIABLE.exec(word)?.[1]).find((name) => name !== undefined);
  if (plugin === undefined) {
    if (named === undefined) return handler.args === undefined ? { command: handler.command } : { args: words };
    return `refers to ${named}, which only a plugin's hooks have: load the plugin (loadHooksConfig({ plugins: [dir] }) or hookpool --plugin <dir>) instead of copying its hooks`;
  }
  const expand = (word: string) => word.replaceAll('${CLAUDE_PLUGIN_ROOT}', plugin.root).replaceAll('${CLAUDE_PLUGIN_DATA}', plugin.data);
  if (handler.args !== undefined) return { args: words.map(expand) };
  const folder = [plugin.root, plugin.data].find((path) => SHELL_SPECIAL.test(path));
  if (named !== undefined && folder !== undefined) return `the plugin folder ${JSON.stringify(folder)} holds a quote, $, backquote, backslash or line break, which would change this shell command; move the plugin, or use exec form ("args")`;
  return { command: expand(handler.command) };
}
