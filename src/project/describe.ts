// How hookpool writes values for people: units always shown, paths short, sources traceable.
import { homedir } from 'node:os';
import { isAbsolute, relative, sep } from 'node:path';
import { describeHandler } from '../handlers/handler-kinds.js';
import type { HookSource } from '../model/hook-definition.js';
import { COMMAND_HANDLER, type HookHandler } from '../model/hook-handler.js';

/** `10000 ms`: native timeouts are milliseconds, and the unit is always written out. */
export function formatTimeout(timeoutMs: number): string {
  return `${timeoutMs} ms`;
}

/** `3.14 ms`, `0.012 ms`: enough digits to tell a no-op fire from a spawn. */
export function formatDuration(durationMs: number): string {
  if (durationMs >= 100) return `${durationMs.toFixed(0)} ms`;
  if (durationMs >= 1) return `${durationMs.toFixed(1)} ms`;
  return `${durationMs.toFixed(3)} ms`;
}

/** A path relative to `cwd` when inside it, `~/...` when under the home directory, else absolute. */
export function displayPath(path: string, cwd: string, home: string = homedir()): string {
  const fromCwd = relative(cwd, path);
  if (fromCwd !== '' && !fromCwd.startsWith('..') && !isAbsolute(fromCwd)) return fromCwd;
  const fromHome = relative(home, path);
  if (fromHome !== '' && !fromHome.startsWith('..') && !isAbsolute(fromHome)) return `~${sep}${fromHome}`;
  return path;
}

/** `.hookpool/hooks.json hooks[0]`: where to look to change the hook. */
export function describeSource(source: HookSource | undefined, cwd: string): string {
  if (source === undefined) return '(inline)';
  return `${displayPath(source.file, cwd)} ${source.jsonPath}`;
}

/** What a hook runs, as one line: `command` as written, `args` joined with spaces, a module's `path#export`, what an http, prompt, agent or mcp_tool hook does. */
export function describeCommand(hook: { readonly command?: string | undefined; readonly args?: readonly string[] | undefined; readonly handler?: HookHandler }): string {
  return describeHandler(hook.handler ?? COMMAND_HANDLER, hook);
}

/** `3 hooks`, `1 hook`; nouns ending in s take `es`. */
export function plural(count: number, noun: string): string {
  if (count === 1) return `${count} ${noun}`;
  return `${count} ${noun}${noun.endsWith('s') ? 'es' : 's'}`;
}
