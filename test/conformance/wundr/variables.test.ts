// Wundr's lifecycle hooks analysis, 5.2 "Command hooks": metadata is passed via WUNDR_HOOK_EVENT,
// WUNDR_HOOK_ID, WUNDR_HOOK_METADATA, the flattened top-level metadata fields as WUNDR_HOOK_*, and
// `{{metadata.fieldName}}` template interpolation in the command string.
import { describe, expect, it } from 'vitest';
import { HOSTS, parseEnv } from '../kit.js';
import { GUARD, recorded, wundrProject } from './wundr-kit.js';

describe.each(HOSTS)('Wundr command hook variables, %s host', (host) => {
  it('gives WUNDR_HOOK_EVENT, WUNDR_HOOK_ID, WUNDR_HOOK_METADATA and the flattened WUNDR_HOOK_<KEY>; the metadata also on stdin', async () => {
    const { ws, engine } = await wundrProject(host, (records) => [{ id: 'guard', event: 'PreToolUse', command: GUARD, env: { RECORD_DIR: records } }]);

    await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'call-4' });

    const env = parseEnv((await recorded(ws, 'env-guard.txt'))!);
    const metadata = { sessionId: 'wundr-session', toolName: 'Bash', toolInput: { command: 'ls' }, toolCallId: 'call-4' };
    expect(env).toEqual({
      WUNDR_HOOK_EVENT: 'PreToolUse', WUNDR_HOOK_ID: 'guard', WUNDR_HOOK_METADATA: JSON.stringify(metadata),
      WUNDR_HOOK_SESSIONID: 'wundr-session', WUNDR_HOOK_TOOLNAME: 'Bash', WUNDR_HOOK_TOOLCALLID: 'call-4',
    });
    expect(JSON.parse((await recorded(ws, 'stdin-guard.json'))!)).toEqual(metadata);
  });

  it('{{metadata.x}} templates still reach the command through variables', async () => {
    const { engine } = await wundrProject(host, [{ id: 'echo', event: 'PostToolUse', command: 'printf "%s" {{metadata.toolName}}' }]);

    const result = await engine.fire('PostToolUse', { tool_name: 'Read; echo injected', tool_input: {} });

    expect(result.hooks[0]!.stdout).toBe('Read; echo injected');
  });
});
