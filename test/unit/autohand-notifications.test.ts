// The params of Autohand's RPC hook notifications, built from payloads that lack fields or carry
// values its docs do not list.
import { describe, expect, it } from 'vitest';
import { autohandNotifications } from '../../src/serve/autohand-notifications.js';

const timestamp = '2026-11-27T00:00:00.000Z';

describe('autohandNotifications', () => {
  it('gives a required field the payload lacks its empty value, and leaves an optional one out', () => {
    expect(autohandNotifications({ event: 'PreToolUse', payload: {}, timestamp })).toEqual([['autohand.hook.preTool', { toolId: '', toolName: '', args: {}, timestamp }]]);
    expect(autohandNotifications({ event: 'PostToolUse', payload: { tool_name: 'Bash' }, timestamp })).toEqual([['autohand.hook.postTool', { toolId: '', toolName: 'Bash', success: true, duration: 0, timestamp }]]);
    expect(autohandNotifications({ event: 'PermissionRequest', payload: { tool_name: 'Bash' }, timestamp })).toEqual([['autohand.hook.permissionRequest', { tool: 'Bash', timestamp }]]);
    expect(autohandNotifications({ event: 'Error', payload: { error: 'boom' }, timestamp })).toEqual([['autohand.hook.sessionError', { error: 'boom', timestamp }]]);
  });

  it('says a tool result that is not text as JSON, and a failure\'s error as its output', () => {
    expect(autohandNotifications({ event: 'PostToolUse', payload: { tool_response: { stdout: 'ok' } }, timestamp })[0]![1]).toMatchObject({ output: '{"stdout":"ok"}' });
    expect(autohandNotifications({ event: 'PostToolUseFailure', payload: { error: 'exit 1' }, timestamp })[0]![1]).toMatchObject({ success: false, output: 'exit 1' });
  });

  it('sends no notification whose restricted field the payload does not give as one of the documented values', () => {
    expect(autohandNotifications({ event: 'SessionStart', payload: { source: 'compact' }, timestamp })).toEqual([]);
    expect(autohandNotifications({ event: 'SessionEnd', payload: { reason: 'logout' }, timestamp })).toEqual([]);
    expect(autohandNotifications({ event: 'FileModified', payload: { file_path: 'a.ts' }, timestamp })).toEqual([]);
  });

  it('sends a stop as stop and postResponse, and nothing for an event Autohand does not announce', () => {
    expect(autohandNotifications({ event: 'Stop', payload: { tokens_used: 3 }, timestamp }).map(([method]) => method)).toEqual(['autohand.hook.stop', 'autohand.hook.postResponse']);
    expect(autohandNotifications({ event: 'PreCompact', payload: {}, timestamp })).toEqual([]);
  });
});
