// Autohand's logging hooks: session start and end, turn ends (tokens, tool calls) and modified
// files (under the `paths` globs only), one JSON line each.
import { relative } from 'node:path';
import picomatch from 'picomatch';
import type { InWorkerHook } from '../run/in-worker-hook.js';
import { activityLoggerOptions, readBuiltinOptions } from './builtin-options.js';
import { editedFile } from './edited-file.js';
import { appendJsonLine, logRecord, resolveLogFile } from './event-log.js';
import { numberField, textField } from './input-fields.js';
import { sessionFields } from './log-fields.js';

/** Appends what the event says (never payload contents) to the activity log. */
const activityLogger: InWorkerHook = async (input, context) => {
  const options = readBuiltinOptions('activity-logger', activityLoggerOptions, context.options);
  const file = editedFile(input, context);
  let path: string | undefined;
  if (file !== undefined) {
    path = relative(context.projectDir, file);
    if (!picomatch.isMatch(path, options.paths, { dot: true })) return undefined;
  }
  const fields = {
    ...sessionFields(input),
    source: textField(input, 'source', 'session_type'),
    reason: textField(input, 'reason', 'session_end_reason'),
    file: path,
    change: textField(input, 'change_type'),
    tokensUsed: numberField(input, 'tokens_used', 'tokensUsed'),
    toolCalls: numberField(input, 'tool_calls_count', 'toolCallsCount'),
    durationMs: numberField(input, 'duration_ms', 'durationMs', 'duration'),
  };
  await appendJsonLine(resolveLogFile(context, options.logFile, 'activity.jsonl'), logRecord(context, fields));
  return undefined;
};

export default activityLogger;
