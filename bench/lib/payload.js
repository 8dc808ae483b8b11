// The tool call every case fires, in each system's own vocabulary, and the wire payload the
// raw and execa contenders write to stdin (about what hookpool sends, so stdin costs match).

/** hookpool / Claude Code names. */
export const HOOKPOOL_EVENT = 'PreToolUse';
export const HOOKPOOL_TOOL = 'Bash';
export const HOOKPOOL_PAYLOAD = Object.freeze({ tool_name: HOOKPOOL_TOOL, tool_input: { command: 'ls' } });

/** Gemini CLI names for the same moment. */
export const GEMINI_TOOL = 'run_shell_command';
export const GEMINI_INPUT = Object.freeze({ command: 'ls' });

/** A tool no configured hook matches, in both vocabularies. */
export const UNMATCHED_HOOKPOOL_PAYLOAD = Object.freeze({ tool_name: 'Read', tool_input: { file_path: '/tmp/x' } });
export const UNMATCHED_GEMINI_TOOL = 'read_file';

/** The JSON a hook receives on stdin. */
export function wirePayload(cwd) {
  return JSON.stringify({
    session_id: 'bench',
    transcript_path: '',
    cwd,
    hook_event_name: HOOKPOOL_EVENT,
    ...HOOKPOOL_PAYLOAD,
  });
}

/** `count` distinct commands that all do nothing (distinct so no system dedupes them). */
export function trueCommands(count) {
  return count === 1 ? ['true'] : Array.from({ length: count }, (_, i) => `true ${i}`);
}
