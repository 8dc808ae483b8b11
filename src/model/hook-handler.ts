// What a hook runs, beside the command hooks' fields: the handler kind (`type`), and for an
// in-worker module its file, export and options, for a function the agent's callback. Kept apart
// from hook-definition.ts and config/native-schema.ts (which only spread these in) so other handler kinds can be
// added beside them without touching the same lines. Their zod fields: config/hook-handler-schema.ts;
// what each kind is: src/handlers/.
import { REMOTE_KINDS, type RemoteHandler } from './remote-handler.js';

/** The handler kinds a hook entry can name with `type`. */
export const HANDLER_KINDS = ['command', 'module', 'function', ...REMOTE_KINDS] as const;
export type HandlerKind = (typeof HANDLER_KINDS)[number];

/** Where a hook came from (Wundr's `source`): shown by `hookpool list`, kept for the agent's own bookkeeping. */
export const HOOK_ORIGINS = ['builtin', 'config', 'plugin', 'api'] as const;
export type HookOrigin = (typeof HOOK_ORIGINS)[number];

/**
 * A `type: "function"` hook's callback: runs on the agent's own thread (it is the agent's code),
 * gets the hook input and answers like an in-worker hook (src/run/in-worker-hook.ts).
 */
export type FunctionHook = (input: Readonly<Record<string, unknown>>, context: FunctionHookContext) => unknown;

/** What a function hook knows besides its input. */
export interface FunctionHookContext {
  readonly event: string;
  readonly hookId: string;
  /** Aborted when the hook times out or the engine closes: its answer is then discarded. */
  readonly signal: AbortSignal;
}

/** A process: `command` through a shell, or `args` as an argv (HookDefinition's fields). */
export interface CommandHandler {
  readonly kind: 'command';
}

/** A module's export, run inside a pool worker (src/run/in-worker-hook.ts is its contract). */
export interface ModuleHandler {
  readonly kind: 'module';
  /** As written: a path relative to `baseDir`, or absolute. */
  readonly module: string;
  /** The folder of the configuration file that named it; undefined: the engine's cwd. */
  readonly baseDir: string | undefined;
  readonly exportName: string;
  /** Handed to the hook as `context.options`. */
  readonly options: Readonly<Record<string, unknown>>;
}

/** An agent's callback, run on the agent's thread. */
export interface FunctionHandler {
  readonly kind: 'function';
  readonly run: FunctionHook;
}

/** http, prompt, agent and mcp_tool: see remote-handler.ts. */
export type HookHandler = CommandHandler | ModuleHandler | FunctionHandler | RemoteHandler;

export const COMMAND_HANDLER: CommandHandler = Object.freeze({ kind: 'command' });
