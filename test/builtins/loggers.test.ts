// The logging built-ins write one JSON line per event to the file their options name (or the
// state folder), with the fields they name and never a payload's secrets.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import activityLogger from '../../src/builtins/activity-logger.js';
import notificationRouter from '../../src/builtins/notification-router.js';
import sessionEnd from '../../src/builtins/session-lifecycle-logger-end.js';
import sessionStart from '../../src/builtins/session-lifecycle-logger-start.js';
import subagentStart from '../../src/builtins/subagent-tracker-start.js';
import subagentStop from '../../src/builtins/subagent-tracker-stop.js';
import taskCompletion from '../../src/builtins/task-completion-logger.js';
import toolFailure from '../../src/builtins/tool-execution-logger-failure.js';
import toolSuccess from '../../src/builtins/tool-execution-logger-success.js';
import { tempDir } from '../helpers/temp-dirs.js';
import { builtinContext } from './builtin-context.js';

function readLines(file: string): Record<string, unknown>[] {
  return readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
}

const SECRET = 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789';

describe('Wundr\'s loggers', () => {
  it('session start and end lines go to the log file, with Claude Code\'s and Wundr\'s fields', async () => {
    const dir = tempDir('builtin-log');
    const options = { logFile: 'logs/sessions.jsonl' };
    await sessionStart({ session_id: 'abc', source: 'startup', model: 'claude-x' }, builtinContext('SessionStart', { projectDir: dir, options }));
    await sessionEnd({ sessionId: 'abc', reason: 'completed', durationMs: 1234, metrics: { tokensUsed: 99, toolCallsMade: 3, tasksCompleted: 1, errorsEncountered: 0 } }, builtinContext('SessionEnd', { projectDir: dir, options }));
    const lines = readLines(join(dir, 'logs/sessions.jsonl'));
    expect(lines).toEqual([
      expect.objectContaining({ event: 'SessionStart', session: 'abc', source: 'startup', model: 'claude-x', time: expect.any(String) }),
      expect.objectContaining({ event: 'SessionEnd', session: 'abc', reason: 'completed', durationMs: 1234, tokensUsed: 99, toolCalls: 3 }),
    ]);
  });

  it('tool loggers write the tool and outcome, never its input or output, and redact the error', async () => {
    const dir = tempDir('builtin-log');
    const options = { logFile: join(dir, 'tools.jsonl') };
    const toolInput = { command: `curl -H "Authorization: Bearer ${SECRET}" https://api` };
    await toolSuccess({ session_id: 's', tool_name: 'Bash', tool_input: toolInput, tool_response: { stdout: SECRET }, tool_use_id: 't1' }, builtinContext('PostToolUse', { options }));
    await toolFailure({ session_id: 's', tool_name: 'Bash', tool_input: toolInput, tool_use_id: 't2', error: `401: key ${SECRET} rejected, password=hunter2` }, builtinContext('PostToolUseFailure', { options }));
    const text = readFileSync(join(dir, 'tools.jsonl'), 'utf8');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('hunter2');
    expect(readLines(join(dir, 'tools.jsonl'))).toEqual([
      expect.objectContaining({ tool: 'Bash', toolUseId: 't1', success: true }),
      expect.objectContaining({ tool: 'Bash', toolUseId: 't2', success: false, error: expect.stringContaining('[redacted]') }),
    ]);
  });

  it('subagent and task loggers', async () => {
    const dir = tempDir('builtin-log');
    const options = { logFile: join(dir, 'agents.jsonl') };
    await subagentStart({ session_id: 's', agent_id: 'a1', agent_type: 'Explore' }, builtinContext('SubagentStart', { options }));
    await subagentStop({ sessionId: 's', subagentId: 'a2', success: false, durationMs: 50, error: 'crashed' }, builtinContext('SubagentStop', { options }));
    await taskCompletion({ session_id: 's', task_id: 't9', task_subject: 'Write docs', success: true }, builtinContext('TaskCompleted', { options }));
    expect(readLines(join(dir, 'agents.jsonl'))).toEqual([
      expect.objectContaining({ agentId: 'a1', agentType: 'Explore', phase: 'start' }),
      expect.objectContaining({ agentId: 'a2', success: false, durationMs: 50, error: 'crashed', phase: 'stop' }),
      expect.objectContaining({ taskId: 't9', subject: 'Write docs', success: true }),
    ]);
  });

  it('without logFile they write under the state folder ($XDG_STATE_HOME/hookpool/logs)', async () => {
    const state = tempDir('builtin-state');
    await sessionStart({ session_id: 'z' }, builtinContext('SessionStart', { env: { HOME: '/nonexistent', XDG_STATE_HOME: state } }));
    expect(readLines(join(state, 'hookpool/logs/sessions.jsonl'))).toEqual([expect.objectContaining({ session: 'z' })]);
  });
});

describe('notification-router', () => {
  it('sends each level to its destinations: files by level, nothing where the route is empty', async () => {
    const dir = tempDir('builtin-notify');
    const options = { routes: { info: [], warn: [{ file: 'warn.jsonl' }], error: [{ file: 'warn.jsonl' }, { file: 'error.jsonl' }] } };
    const context = builtinContext('Notification', { projectDir: dir, options });
    await notificationRouter({ session_id: 's', notification_type: 'idle_prompt', message: 'waiting' }, context);
    await notificationRouter({ session_id: 's', notification_type: 'permission_prompt', message: 'Claude needs permission' }, context);
    await notificationRouter({ sessionId: 's', level: 'error', message: `failed with token=${SECRET}`, source: 'daemon' }, context);
    expect(readLines(join(dir, 'warn.jsonl'))).toEqual([
      expect.objectContaining({ level: 'warn', type: 'permission_prompt', message: 'Claude needs permission' }),
      expect.objectContaining({ level: 'error', source: 'daemon', message: 'failed with token=[redacted]' }),
    ]);
    expect(readLines(join(dir, 'error.jsonl'))).toHaveLength(1);
  });

  it('rejects an unknown destination with a coded error', async () => {
    const context = builtinContext('Notification', { options: { routes: { info: ['email'] } } });
    await expect(notificationRouter({ message: 'x' }, context)).rejects.toMatchObject({ code: 'ERR_HOOKPOOL_INVALID_CONFIG' });
  });
});

describe('Autohand\'s activity logger', () => {
  it('logs session and stop events, and modified files under its paths only', async () => {
    const dir = tempDir('builtin-activity');
    const options = { logFile: 'activity.jsonl' };
    await activityLogger({ session_id: 's', source: 'startup' }, builtinContext('SessionStart', { projectDir: dir, options }));
    await activityLogger({ session_id: 's', tokens_used: 1200, tool_calls_count: 4 }, builtinContext('Stop', { projectDir: dir, options }));
    await activityLogger({ file_path: join(dir, 'src/app.ts'), change_type: 'modify' }, builtinContext('FileModified', { projectDir: dir, options }));
    await activityLogger({ file_path: join(dir, 'README.md'), change_type: 'modify' }, builtinContext('FileModified', { projectDir: dir, options }));
    expect(readLines(join(dir, 'activity.jsonl'))).toEqual([
      expect.objectContaining({ event: 'SessionStart', source: 'startup' }),
      expect.objectContaining({ event: 'Stop', tokensUsed: 1200, toolCalls: 4 }),
      expect.objectContaining({ event: 'FileModified', file: 'src/app.ts', change: 'modify' }),
    ]);
  });
});
