// Opta's plans (Auto-06 "Hook execution", V3 "Task 4: tool.pre cancellation"): a non-zero exit of a
// tool.pre hook cancels the tool call, its stderr the reason; a non-zero exit elsewhere cancels
// nothing ("tool.pre cancellation is the only hook that can block execution"). Opta reads no stdout.
import { describe, expect, it } from 'vitest';
import { ECHO_STDIN, HOOKS_DIR, HOSTS, replyJson, shell } from '../kit.js';
import { optaProject } from './opta-kit.js';

const BLOCK_RM = shell(`${HOOKS_DIR}seeds/opta-block-rm.sh`);

describe.each(HOSTS)('Opta tool.pre cancellation, %s host', (host) => {
  it('block-rm.sh cancels a tool.pre call by exiting 1, reading only $OPTA_TOOL_ARGS; stderr is the reason', async () => {
    const { engine } = await optaProject(host, [{ event: 'tool.pre', matcher: 'run_command', command: BLOCK_RM }]);

    const blocked = await engine.fire('PreToolUse', { tool_name: 'run_command', tool_input: { command: 'rm -rf build' } });
    const allowed = await engine.fire('PreToolUse', { tool_name: 'run_command', tool_input: { command: 'ls' } });

    expect(blocked).toMatchObject({ blocked: true, decision: 'deny', reason: 'block-rm: rm -rf is not allowed in run_command' });
    expect(allowed).toMatchObject({ blocked: false, decision: null });
    expect(allowed.hooks[0]).toMatchObject({ status: 'ok', exitCode: 0 });
  });

  it('the plan\'s own test: echo "Blocked" >&2 && exit 1 cancels with a reason containing "Blocked"', async () => {
    const { engine } = await optaProject(host, [{ event: 'tool.pre', command: 'echo "Blocked" >&2 && exit 1' }]);

    const result = await engine.fire('tool.pre', { tool_name: 'run_command', tool_input: {} });

    expect(result).toMatchObject({ blocked: true, decision: 'deny' });
    expect(result.reason).toContain('Blocked');
  });

  it('reads no answer from stdout (Opta reads none) and writes the Claude Code JSON on stdin, which its scripts ignore', async () => {
    const { engine } = await optaProject(host, [
      { event: 'tool.pre', command: replyJson({ decision: 'block', reason: 'printed, not exited' }) },
      { event: 'session.start', command: ECHO_STDIN },
    ]);

    const pre = await engine.fire('PreToolUse', { tool_name: 'read_file', tool_input: {} });
    const start = await engine.fire('SessionStart', { source: 'startup' });

    expect(pre).toMatchObject({ blocked: false, decision: null });
    expect(start.additionalContext).toBeNull();
    expect(JSON.parse(start.hooks[0]!.stdout)).toMatchObject({ hook_event_name: 'SessionStart', source: 'startup' });
  });

  it('a non-zero exit of a hook on another event blocks nothing', async () => {
    const { engine } = await optaProject(host, [{ event: 'tool.post', command: BLOCK_RM }]);

    const result = await engine.fire('PostToolUse', { tool_name: 'run_command', tool_input: { command: 'rm -rf x' }, tool_response: '' });

    expect(result).toMatchObject({ blocked: false, decision: null });
    expect(result.hookErrors[0]?.message).toContain('failed with exit code 1 (a non-blocking error: the action proceeds)');
  });
});
