// A real InWorkerHookContext for calling a built-in's module function directly, as a pool worker would.
import type { InWorkerHookContext } from '../../src/run/in-worker-hook.js';

/** The context a worker would give a hook of `event`; `env` defaults to a HOME and PATH only. */
export function builtinContext(event: string, fields: Partial<Omit<InWorkerHookContext, 'event'>> = {}): InWorkerHookContext {
  const cwd = fields.cwd ?? fields.projectDir ?? '/tmp';
  return {
    event,
    hookId: fields.hookId ?? `builtin:test:${event}`,
    cwd,
    projectDir: fields.projectDir ?? cwd,
    env: fields.env ?? { HOME: '/nonexistent-home', PATH: process.env.PATH ?? '/usr/bin:/bin' },
    options: fields.options ?? {},
    signal: fields.signal ?? new AbortController().signal,
  };
}

/** A Claude Code PreToolUse payload for a Bash command. */
export function bashCall(command: string, cwd = '/work/project'): Record<string, unknown> {
  return { session_id: 's-1', cwd, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id: 'toolu_1' };
}

/** A Claude Code PreToolUse payload for a file tool. */
export function fileCall(toolName: string, filePath: string, cwd = '/work/project'): Record<string, unknown> {
  return { session_id: 's-1', cwd, hook_event_name: 'PreToolUse', tool_name: toolName, tool_input: { file_path: filePath }, tool_use_id: 'toolu_2' };
}
