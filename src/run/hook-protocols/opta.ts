// Opta's protocol (agencymatthewg-beep/opta, src/hooks/manager.ts buildEnv): OPTA_* variables and
// no stdin. Opta writes nothing to its hooks' stdin; hookpool writes the Claude Code JSON there,
// which is harmless: Opta's scripts read only their variables, and one that reads stdin gets a
// document and an end of file instead of waiting.
import type { EventName } from '../../events/event-specs.js';
import { isPresent, NO_HOOK_VARIABLES, sessionOf, startVariables, type ProtocolSpec } from './protocol.js';

/**
 * Opta's own event names (its `HookEvent` type, and V3's `prompt.pre` for Claude Code's
 * UserPromptSubmit); an event Opta lacks goes by its canonical name.
 */
export const OPTA_EVENT_NAMES: Readonly<Partial<Record<EventName, string>>> = {
  SessionStart: 'session.start',
  SessionEnd: 'session.end',
  UserPromptSubmit: 'prompt.pre',
  PreToolUse: 'tool.pre',
  PostToolUse: 'tool.post',
  PostCompact: 'compact',
  Error: 'error',
};

/** Opta passes the first 2,048 characters of a tool's result (`.slice(0, 2048)`). */
export const OPTA_TOOL_RESULT_CHARS = 2048;

/** What Opta gives a hook: its OPTA_* variables. */
export const OPTA_PROTOCOL: ProtocolSpec = {
  view(fire) {
    const { spec, input, context } = fire;
    const env = startVariables(fire);
    env.set(['OPTA_EVENT'], OPTA_EVENT_NAMES[spec.name] ?? spec.name);
    env.set(['OPTA_SESSION_ID'], sessionOf(fire));
    env.set(['OPTA_CWD'], typeof input.cwd === 'string' ? input.cwd : context.cwd);
    // A payload's own `model` (the agent may switch models) wins over the engine's `model` option.
    const model = isPresent(input.model) ? input.model : context.model;
    if (isPresent(model)) env.set(['OPTA_MODEL'], model);
    if (spec.toolEvent && typeof input.tool_name === 'string') {
      env.set(['OPTA_TOOL_NAME'], input.tool_name);
      // Opta's own `tool_args` string as the agent gave it, else the tool input's JSON. Opta passes
      // the arguments uncapped; hookpool keeps its 64 KiB cap, with its marker.
      const args = typeof input.tool_args === 'string' ? input.tool_args : input.tool_input;
      if (isPresent(args)) env.set(['OPTA_TOOL_ARGS'], args);
      if (isPresent(input.tool_response)) env.set(['OPTA_TOOL_RESULT'], input.tool_response, { maxChars: OPTA_TOOL_RESULT_CHARS });
    }
    if (isPresent(input.error)) env.set(['OPTA_ERROR'], input.error);
    return { stdin: fire.inputJson, variables: env.variables };
  },
  hookVariables: NO_HOOK_VARIABLES,
};
