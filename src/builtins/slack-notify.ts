// Autohand's Slack notify: when the agent stops, POSTs a short message (project, duration, tokens,
// tool calls) to the Slack incoming webhook in SLACK_WEBHOOK_URL. That variable looks secret, so
// the hook gets it only when passed by name (env.pass); without it the hook does nothing.
import { basename } from 'node:path';
import type { InWorkerHook } from '../run/in-worker-hook.js';
import { readBuiltinOptions, slackNotifyOptions } from './builtin-options.js';
import { noteForUser } from './hook-answers.js';
import { numberField, textField } from './input-fields.js';

/** Posts the message; a refused or failed POST is a note, never a crash. */
const slackNotify: InWorkerHook = async (input, context) => {
  const options = readBuiltinOptions('slack-notify', slackNotifyOptions, context.options);
  const url = options.webhookUrl ?? context.env.SLACK_WEBHOOK_URL;
  if (url === undefined || url === '') return undefined;
  const signal = AbortSignal.any([context.signal, AbortSignal.timeout(options.timeoutMs)]);
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: describeStop(input, context.projectDir) }), signal });
    await response.arrayBuffer();
    return response.ok ? undefined : noteForUser(`slack notify: the webhook answered HTTP ${response.status}`);
  } catch (error) {
    return noteForUser(`slack notify: could not post: ${error instanceof Error ? error.message : String(error)}`);
  }
};

// One line: what finished where, how long it took, what it used.
function describeStop(input: Readonly<Record<string, unknown>>, projectDir: string): string {
  const durationMs = numberField(input, 'duration_ms', 'durationMs', 'duration');
  const tokens = numberField(input, 'tokens_used', 'tokensUsed');
  const toolCalls = numberField(input, 'tool_calls_count', 'toolCallsCount');
  const parts = [`Task finished in ${basename(projectDir)}`];
  if (durationMs !== undefined) parts.push(`took ${formatDuration(durationMs)}`);
  if (tokens !== undefined) parts.push(`${tokens} tokens`);
  if (toolCalls !== undefined) parts.push(`${toolCalls} tool calls`);
  const reason = textField(input, 'reason');
  if (reason !== undefined) parts.push(`reason: ${reason}`);
  return parts.join(' · ');
}

function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}

export default slackNotify;
