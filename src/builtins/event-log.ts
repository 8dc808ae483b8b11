// The JSON-lines files the logging built-ins append to. A logger writes the fields it names, never
// a whole payload (tool inputs, outputs and prompts may carry secrets), and free text such as an
// error message passes through redactSecrets first.
import { appendFile, mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { InWorkerHook, InWorkerHookContext } from '../run/in-worker-hook.js';
import { eventLoggerOptions, readBuiltinOptions } from './builtin-options.js';

// Longer free text is cut: a log line stays one short line.
const MAX_TEXT_CHARS = 500;

/** hookpool's state folder: `$XDG_STATE_HOME/hookpool`, else `~/.local/state/hookpool`. */
export function stateDir(env: Readonly<Record<string, string>>): string {
  if (env.XDG_STATE_HOME !== undefined && isAbsolute(env.XDG_STATE_HOME)) return join(env.XDG_STATE_HOME, 'hookpool');
  return join(env.HOME ?? homedir(), '.local', 'state', 'hookpool');
}

/** The file a logger writes: its `logFile` option (relative: from the project root), else `<state>/logs/<defaultName>`. */
export function resolveLogFile(context: InWorkerHookContext, logFile: string | undefined, defaultName: string): string {
  if (logFile === undefined) return join(stateDir(context.env), 'logs', defaultName);
  return resolve(context.projectDir, logFile);
}

/** Appends one JSON line (one write, so concurrent writers do not interleave within a line). */
export async function appendJsonLine(file: string, record: Readonly<Record<string, unknown>>): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await appendFile(file, `${JSON.stringify(record)}\n`, { encoding: 'utf8', mode: 0o600 });
}

// Token shapes worth hiding wherever they appear: provider keys, bearer tokens, key=value secrets.
const SECRET_SHAPES: readonly RegExp[] = [
  /\b(?:sk|pk|rk)-[A-Za-z0-9_-]{12,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\bBearer\s+[A-Za-z0-9._~+/-]+=*/gi,
  /\b((?:api[_-]?key|token|secret|password|passwd|pwd)\s*[=:]\s*)\S+/gi,
];

/** Free text with secret-looking tokens replaced by `[redacted]`, cut to 500 characters. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const shape of SECRET_SHAPES) out = out.replace(shape, (_match, prefix?: string) => `${typeof prefix === 'string' ? prefix : ''}[redacted]`);
  return out.length > MAX_TEXT_CHARS ? `${out.slice(0, MAX_TEXT_CHARS)}…` : out;
}

/** One log record: time, event, hook, then the logger's fields (undefined ones left out). */
export function logRecord(context: InWorkerHookContext, fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const record: Record<string, unknown> = { time: new Date().toISOString(), event: context.event, hook: context.hookId };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) record[key] = value;
  return record;
}

/** A logging built-in: picks its fields from the input and appends them to its file; answers nothing. */
export function createEventLogger(name: string, defaultFile: string, pick: (input: Readonly<Record<string, unknown>>) => Record<string, unknown>): InWorkerHook {
  return async (input, context) => {
    const options = readBuiltinOptions(name, eventLoggerOptions, context.options);
    await appendJsonLine(resolveLogFile(context, options.logFile, defaultFile), logRecord(context, pick(input)));
    return undefined;
  };
}
