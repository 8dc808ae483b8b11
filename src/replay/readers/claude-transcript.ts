// Claude Code's transcript (the JSONL file at every hook's `transcript_path`): one record a line,
// `type` user / assistant / system / summary / ..., each with the session's `sessionId`. An
// assistant record's `message.content` holds `tool_use` blocks (id, name, input); the next user
// record answers them with `tool_result` blocks (tool_use_id, content, is_error) and the tool's
// structured result in `toolUseResult`. A user record whose content is text is a prompt, unless it
// is meta (isMeta, local command output) or a compaction's summary; a `system` record of subtype
// `compact_boundary` marks a compaction (`compactMetadata.trigger`). A turn ends at an assistant
// message whose stop_reason is end_turn, at a manual compaction, else at the next prompt. Sidechain records (a
// subagent's turns) give their tool calls only. Tool names are already canonical.
import { isRecord, textOf, type ReplayEvent, type TranscriptReader, type TranscriptRecord } from '../replay-event.js';
import { compactEvent, PendingCalls, postToolUse, preToolUse, promptEvent } from '../tool-events.js';
import { TurnTracker } from '../turn-tracker.js';

const COMMAND = /<command-name>([^<]*)<\/command-name>[\s\S]*?(?:<command-args>([^<]*)<\/command-args>)?/;
const NOT_A_PROMPT = /^\s*(<local-command-stdout>|<local-command-caveat>|<local-command-stderr>|\[Request interrupted by user)/;

export function createClaudeReader(): TranscriptReader {
  const turn = new TurnTracker();
  const pending = new PendingCalls();
  let sessionId: string | undefined;

  function read({ line, value }: TranscriptRecord): ReplayEvent[] {
    sessionId = textOf(value.sessionId) ?? sessionId;
    if (value.type === 'system' && value.subtype === 'compact_boundary') {
      const trigger = isRecord(value.compactMetadata) && value.compactMetadata.trigger === 'manual' ? 'manual' : 'auto';
      // A manual /compact is typed between turns: the turn before it has ended.
      return [...(trigger === 'manual' ? turn.end(line, sessionId) : []), compactEvent(trigger, line, sessionId)];
    }
    const message = isRecord(value.message) ? value.message : undefined;
    if (message === undefined) return [];
    if (value.type === 'assistant') return assistantEvents(message, line, value.isSidechain === true);
    if (value.type === 'user') return userEvents(value, message, line);
    return [];
  }

  function assistantEvents(message: Record<string, unknown>, line: number, sidechain: boolean): ReplayEvent[] {
    if (!sidechain) turn.activity();
    const events: ReplayEvent[] = [];
    for (const block of blocksOf(message.content)) {
      if (block.type !== 'tool_use' || typeof block.id !== 'string' || typeof block.name !== 'string') continue;
      const call = { id: block.id, toolName: block.name, toolInput: block.input ?? {} };
      pending.add(call);
      events.push(preToolUse(call, line, sessionId));
    }
    // A message that ended the turn (when the transcript kept its stop_reason) is where Stop fired.
    return message.stop_reason === 'end_turn' && !sidechain ? [...events, ...turn.end(line, sessionId)] : events;
  }

  function userEvents(record: Record<string, unknown>, message: Record<string, unknown>, line: number): ReplayEvent[] {
    const blocks = blocksOf(message.content);
    const results = blocks.filter((block) => block.type === 'tool_result');
    if (results.length > 0) return results.flatMap((block) => resultEvent(block, results.length === 1 ? record.toolUseResult : undefined, line));
    if (record.isSidechain === true || record.isMeta === true || record.isCompactSummary === true) return [];
    const prompt = promptOf(message.content);
    if (prompt === undefined) return [];
    return [...turn.end(line, sessionId), promptEvent(prompt, line, sessionId)];
  }

  function resultEvent(block: Record<string, unknown>, structured: unknown, line: number): ReplayEvent[] {
    const call = typeof block.tool_use_id === 'string' ? pending.take(block.tool_use_id) : undefined;
    if (call === undefined) return [];
    const text = contentText(block.content);
    if (block.is_error === true) return [postToolUse(call, { ok: false, error: text, interrupted: /interrupted by user/i.test(text) }, line, sessionId)];
    return [postToolUse(call, { ok: true, response: structured ?? text }, line, sessionId)];
  }

  return { read, finish: (lastLine) => turn.end(lastLine, sessionId) };
}

function blocksOf(content: unknown): Record<string, unknown>[] {
  return Array.isArray(content) ? content.filter(isRecord) : [];
}

// A prompt as the user typed it: plain text, or a slash command written back as `/name args`.
function promptOf(content: unknown): string | undefined {
  const text = typeof content === 'string' ? content : blocksOf(content).filter((block) => block.type === 'text').map((block) => textOf(block.text) ?? '').join('\n');
  if (text.trim() === '' || NOT_A_PROMPT.test(text)) return undefined;
  const command = COMMAND.exec(text);
  if (command === null) return text;
  const name = command[1]!.trim();
  const args = command[2]?.trim() ?? '';
  return `${name.startsWith('/') ? name : `/${name}`}${args === '' ? '' : ` ${args}`}`;
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  return blocksOf(content).map((block) => textOf(block.text) ?? '').join('\n');
}
