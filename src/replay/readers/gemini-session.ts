// Gemini CLI's session log (~/.gemini/tmp/<project>/chats/session-*.jsonl, the file its hooks get
// as `transcript_path`): a first line of metadata ({sessionId, projectHash, startTime, ...}), then
// one message a line, {id, timestamp, type: user | gemini | info | warning | error, content}, a
// `gemini` message carrying its `toolCalls` ({id, name, args, result, status: success | error |
// cancelled}). A message is written again under the same id as it fills in (its tool results), so
// a message counts once its id is followed by another one. `{"$set": {...}}` lines update the
// metadata; one that carries `messages` lays down a checkpoint of messages written before, whose
// ids were already seen. A `{"$rewindTo": id}` line says the user rewound the conversation to
// before that message: what came after it had still run (its tools, its hooks), so it stays in the
// replay, and the messages that follow are read as new. Gemini's tool names are read as canonical
// ones by its dialect.
// The older session file, one JSON document `{sessionId, projectHash, ..., messages: [...]}`, comes
// here as the same records (session-document.ts: its metadata, then each message); written on one
// line, it is one record whose `messages` are read as a checkpoint's.
import { geminiDialect } from '../../dialects/gemini.js';
import { canonicalToolCall } from '../../dialects/tools.js';
import { isRecord, textOf, type ReplayEvent, type TranscriptReader, type TranscriptRecord } from '../replay-event.js';
import { postToolUse, preToolUse, promptEvent, type RecordedResult } from '../tool-events.js';
import { TurnTracker } from '../turn-tracker.js';

/** How many message ids are remembered to tell a checkpoint's copy from a new message. */
const SEEN_IDS = 4096;

export function createGeminiReader(): TranscriptReader {
  const turn = new TurnTracker();
  const seen = new Set<string>();
  let sessionId: string | undefined;
  let held: TranscriptRecord | undefined;

  function read(record: TranscriptRecord): ReplayEvent[] {
    const { value, line } = record;
    if (typeof value.$rewindTo === 'string') return [];
    if (isRecord(value.$set)) return metadata(value.$set, line);
    if (typeof value.type !== 'string') return metadata(value, line);
    return take(record);
  }

  // Metadata, and the messages it carries that were not seen yet.
  function metadata(fields: Record<string, unknown>, line: number): ReplayEvent[] {
    sessionId = textOf(fields.sessionId) ?? sessionId;
    const messages = Array.isArray(fields.messages) ? fields.messages.filter(isRecord) : [];
    return messages.flatMap((message) => (typeof message.id === 'string' && seen.has(message.id) ? [] : take({ line, value: message })));
  }

  // Holds the newest message until a different id shows it is complete.
  function take(record: TranscriptRecord): ReplayEvent[] {
    const id = textOf(record.value.id);
    if (held !== undefined && id !== undefined && textOf(held.value.id) === id) {
      held = record;
      return [];
    }
    const events = held === undefined ? [] : messageEvents(held);
    held = record;
    if (id !== undefined) remember(id);
    return events;
  }

  function remember(id: string): void {
    seen.add(id);
    if (seen.size > SEEN_IDS) seen.delete(seen.values().next().value as string);
  }

  function messageEvents({ value, line }: TranscriptRecord): ReplayEvent[] {
    if (value.type === 'user') {
      const prompt = contentText(value.content);
      return prompt.trim() === '' ? [] : [...turn.end(line, sessionId), promptEvent(prompt, line, sessionId)];
    }
    if (value.type !== 'gemini') return [];
    turn.activity();
    const calls = Array.isArray(value.toolCalls) ? value.toolCalls.filter(isRecord) : [];
    return calls.flatMap((call) => callEvents(call, line));
  }

  function callEvents(recorded: Record<string, unknown>, line: number): ReplayEvent[] {
    if (typeof recorded.name !== 'string') return [];
    const canonical = canonicalToolCall(geminiDialect.tools, { tool_name: recorded.name, tool_input: isRecord(recorded.args) ? recorded.args : {} });
    const { tool_name: toolName, tool_input: toolInput, ...extra } = canonical;
    const call = { id: textOf(recorded.id) ?? `${line}:${recorded.name}`, toolName: String(toolName), toolInput, extra };
    const events = [preToolUse(call, line, sessionId)];
    const result = resultOf(recorded);
    if (result !== undefined) events.push(postToolUse(call, result, line, sessionId));
    return events;
  }

  return {
    read,
    finish: (lastLine) => [...(held === undefined ? [] : messageEvents(held)), ...turn.end(lastLine, sessionId)],
  };
}

// Gemini's result is a list of parts whose functionResponse.response holds `output` or `error`.
function resultOf(call: Record<string, unknown>): RecordedResult | undefined {
  const response = Array.isArray(call.result) ? call.result.filter(isRecord).map((part) => (isRecord(part.functionResponse) && isRecord(part.functionResponse.response) ? part.functionResponse.response : undefined)).find((found) => found !== undefined) : undefined;
  const output = textOf(response?.output) ?? textOf(call.resultDisplay) ?? '';
  if (call.status === 'success') return { ok: true, response: { llmContent: output, returnDisplay: textOf(call.resultDisplay) ?? output } };
  if (call.status === 'error') return { ok: false, error: textOf(response?.error) ?? output };
  if (call.status === 'cancelled') return { ok: false, error: textOf(response?.error) ?? 'cancelled by the user', interrupted: true };
  return undefined;
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? content.filter(isRecord).map((part) => textOf(part.text) ?? '').join('') : '';
}
