// Every error hookpool throws has a stable code from this registry; docs/errors.md is generated from it.

export const ERROR_CODES = {
  ERR_HOOKPOOL_INVALID_CONFIG: 'A hook configuration does not match its format; the message names the file, the JSON path and what is allowed.',
  ERR_HOOKPOOL_CONFIG_READ: 'A configuration file could not be read or is not valid JSON (the message gives line and column).',
  ERR_HOOKPOOL_UNKNOWN_EVENT: 'An event name is neither a canonical event nor a known alias (the message suggests the closest).',
  ERR_HOOKPOOL_INVALID_MATCHER: 'A matcher is not a valid regular expression.',
  ERR_HOOKPOOL_INVALID_RULE: 'An "if" field is not a permission rule hookpool can read ("Tool" or "Tool(specifier)").',
  ERR_HOOKPOOL_INVALID_OPTIONS: 'createHookEngine was given options it does not accept.',
  ERR_HOOKPOOL_INVALID_PAYLOAD: 'fire() was given a payload that is not a plain JSON object, or one over the size cap.',
  ERR_HOOKPOOL_CLOSED: 'fire() or register() was called after close().',
  ERR_HOOKPOOL_HOOK_NOT_FOUND: 'No hook has the given id.',
  ERR_HOOKPOOL_DUPLICATE_HOOK_ID: 'Several hooks share the id a command named, so it cannot tell which one is meant.',
  ERR_HOOKPOOL_NOT_TOGGLEABLE: 'hookpool enable/disable cannot change the hook: it was not read from a file, or every hook is off (a Claude Code settings file sets "disableAllHooks": true, or hookpool disable --all).',
  ERR_HOOKPOOL_CONFIG_WRITE: 'A configuration file could not be edited in place.',
  ERR_HOOKPOOL_NESTED_RUN: 'hookpool run was started by its own hooks too many levels deep: a configured hook runs hookpool run again.',
  ERR_HOOKPOOL_MISSING_PEER: 'An optional package hookpool loads on demand is not installed (createAnthropicEvaluator needs @anthropic-ai/sdk).',
  ERR_HOOKPOOL_USAGE: 'The command line was not understood.',
  ERR_HOOKPOOL_SERVER_RUNNING: 'hookpool serve --http was started for a project whose server is already running (the message gives its pid and port).',
  ERR_HOOKPOOL_SERVER_RECORD: 'hookpool serve --http could not write the record clients find it by (~/.config/hookpool/servers/); it stopped.',
  ERR_HOOKPOOL_SERVER_SOCKET: 'hookpool serve --http could not bind its client socket, or this Node.js lacks the call that binds a socket for its worker; it did not start.',
  ERR_HOOKPOOL_SERVER_STOPPING: 'A request reached hookpool serve while it was stopping; nothing was run.',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

const brand = Symbol.for('hookpool.error');

/** An error with a stable `code`; `instanceof` works across two copies of the package. */
export class HookpoolError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'HookpoolError';
    this.code = code;
    Object.defineProperty(this, brand, { value: true });
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && brand in value;
  }
}

/** An error in one line: a coded error's message, else `internal error: ...`. */
export function describeError(error: unknown): string {
  if (error instanceof HookpoolError) return error.message.split('\n').join('; ');
  const message = error instanceof Error ? error.message : String(error);
  return `internal error: ${message.split('\n')[0]}`;
}
