// Codex's rollout log (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl): `{timestamp, type, payload}`
// a line. `session_meta` names the session; `event_msg` of type `user_message` is a prompt and
// `task_complete` ends a turn; `response_item`s are the model's items: `function_call` (name,
// JSON `arguments`, call_id), `custom_tool_call` (apply_patch's patch in `input`) and
// `local_shell_call`, answered by `function_call_output` / `custom_tool_call_output`; `compacted`
// marks a compaction. Shell calls reach Codex's hooks as `Bash` with the script in `command`, and
// patches as `apply_patch`: the calls are put in those terms, then read as canonical ones by
// Codex's dialect.
import { quote } from 'shell-quote';
import { codexDialect } from '../../dialects/codex.js';
import { canonicalToolCall } from '../../dialects/tools.js';
import { isRecord, textOf, type ReplayEvent, type TranscriptReader, type TranscriptRecord } from '../replay-event.js';
import { compactEvent, PendingCalls, postToolUse, preToolUse, promptEvent, type RecordedResult } from '../tool-events.js';
import { TurnTracker } from '../turn-tracker.js';

const SHELL_TOOLS = new Set(['shell', 'container.exec', 'local_shell', 'shell_command', 'exec_command']);
const SHELLS = new Set(['bash', 'sh', 'zsh', '/bin/bash', '/bin/sh', '/bin/zsh']);

export function createCodexReader(): TranscriptReader {
  const turn = new TurnTracker();
  const pending = new PendingCalls();
  let sessionId: string | undefined;

  function read({ value, line }: TranscriptRecord): ReplayEvent[] {
    const payload = isRecord(value.payload) ? value.payload : {};
    switch (value.type) {
      case 'session_meta':
        sessionId = textOf(payload.id) ?? sessionId;
        return [];
      case 'compacted':
        return [compactEvent('auto', line, sessionId)];
      case 'event_msg':
        if (payload.type === 'user_message' && typeof payload.message === 'string') return [...turn.end(line, sessionId), promptEvent(payload.message, line, sessionId)];
        if (payload.type === 'task_complete' || payload.type === 'turn_aborted') return turn.end(line, sessionId);
        return [];
      case 'response_item':
        return itemEvents(payload, line);
      default:
        return [];
    }
  }

  function itemEvents(item: Record<string, unknown>, line: number): ReplayEvent[] {
    if (item.type === 'message' && item.role === 'assistant') turn.activity();
    if (item.type === 'function_call' || item.type === 'custom_tool_call' || item.type === 'local_shell_call') {
      turn.activity();
      const callId = textOf(item.call_id) ?? textOf(item.id) ?? `line-${line}`;
      const call = { id: callId, ...hookCall(item) };
      pending.add(call);
      return [preToolUse(call, line, sessionId)];
    }
    if (item.type === 'function_call_output' || item.type === 'custom_tool_call_output') {
      const call = typeof item.call_id === 'string' ? pending.take(item.call_id) : undefined;
      return call === undefined ? [] : [postToolUse(call, resultOf(item.output), line, sessionId)];
    }
    return [];
  }

  return { read, finish: (lastLine) => turn.end(lastLine, sessionId) };
}

// The call as Codex's hooks see it, then in canonical terms.
function hookCall(item: Record<string, unknown>): { toolName: string; toolInput: unknown; extra: Record<string, unknown> } {
  const name = textOf(item.name) ?? 'local_shell';
  const args = item.type === 'local_shell_call' ? (isRecord(item.action) ? item.action : {}) : item.type === 'custom_tool_call' ? { input: item.input } : parseArguments(item.arguments);
  const asHook = SHELL_TOOLS.has(name) ? { tool_name: 'Bash', tool_input: { command: shellScript(args) } } : name === 'apply_patch' ? { tool_name: 'apply_patch', tool_input: { command: textOf(args.input) ?? textOf(args.patch) ?? '' } } : { tool_name: name, tool_input: args };
  const { tool_name: toolName, tool_input: toolInput, ...extra } = canonicalToolCall(codexDialect.tools, asHook);
  return { toolName: String(toolName), toolInput, extra };
}

function parseArguments(text: unknown): Record<string, unknown> {
  if (typeof text !== 'string') return isRecord(text) ? text : {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? parsed : { arguments: parsed };
  } catch {
    return { arguments: text };
  }
}

// `["bash", "-lc", "ls -la"]` is the script `ls -la`; any other argv is quoted back into one line.
function shellScript(args: Record<string, unknown>): string {
  const command = args.command ?? args.cmd;
  if (typeof command === 'string') return command;
  if (!Array.isArray(command)) return '';
  const argv = command.map(String);
  if (argv.length === 3 && SHELLS.has(argv[0]!) && (argv[1] === '-lc' || argv[1] === '-c')) return argv[2]!;
  return quote(argv);
}

// Outputs are text, or JSON `{output, metadata: {exit_code}}`; newer ones start `Exit code: N`.
function resultOf(output: unknown): RecordedResult {
  let text = typeof output === 'string' ? output : JSON.stringify(output ?? '');
  let exitCode: number | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed) && typeof parsed.output === 'string') {
      text = parsed.output;
      if (isRecord(parsed.metadata) && typeof parsed.metadata.exit_code === 'number') exitCode = parsed.metadata.exit_code;
    }
  } catch {
    // plain text
  }
  const stated = /^Exit code: (\d+)/m.exec(text);
  exitCode ??= stated === null ? undefined : Number(stated[1]);
  if (exitCode !== undefined && exitCode !== 0) return { ok: false, error: text };
  return { ok: true, response: exitCode === undefined ? text : { output: text, exit_code: exitCode } };
}
