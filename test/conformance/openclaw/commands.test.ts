// OpenClaw's plan, "Command Handler Execution": a `string[]` command is used directly as argv, a
// `string` is parsed with shell-quote and its tokens validated; commands run with execFile (no
// shell). Exit 2 blocks with stderr, as in Claude Code's protocol it mirrors.
import { describe, expect, it } from 'vitest';
import { HOSTS } from '../kit.js';
import { command, openclawProject, RESPOND } from './openclaw-kit.js';

describe.each(HOSTS)('OpenClaw commands, %s host', (host) => {
  it('runs an argv command and a shell-quote-split string with no shell: exit 2 denies with stderr', async () => {
    const { config, engine } = await openclawProject(host, () => ({
      PreToolUse: [
        { matcher: 'Bash', hooks: [command([RESPOND, '-o', '$HOME; echo not a shell'])] },
        { matcher: 'Write', hooks: [command(`${RESPOND} -e "no writes here" -x 2`)] },
      ],
    }));
    expect(config.problems).toEqual([]);

    const bash = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: {} });
    const write = await engine.fire('PreToolUse', { tool_name: 'Write', tool_input: {} });

    // Not JSON on exit 0: an error OpenClaw reports; but the words reached the hook as they were written.
    expect(bash.hooks[0]!.stdout).toBe('$HOME; echo not a shell');
    expect(write).toMatchObject({ blocked: true, decision: 'deny', reason: 'no writes here' });
  });

  it('a string command with a shell operator is a configuration problem: the hook does not run, and its guard event is refused as OpenClaw refuses it', async () => {
    const { ws, config, engine, file } = await openclawProject(host, (root) => ({
      PreToolUse: [{ matcher: 'Bash', hooks: [command(`${RESPOND} -N ran -a ${root}/ran.txt && echo x`)] }],
      PostToolUse: [{ matcher: '*', hooks: [command(`${RESPOND} -N ran -a ${root}/ran.txt | tee`)] }],
    }));

    expect(config.problems).toEqual([
      `${file}: hooks.claude.PreToolUse[0].hooks[0].command: contains the shell operator "&&", which OpenClaw refuses: the command runs with no shell (write an argv array, or put the pipeline in a script); the hook is skipped`,
      `${file}: hooks.claude.PostToolUse[0].hooks[0].command: contains the shell operator "|", which OpenClaw refuses: the command runs with no shell (write an argv array, or put the pipeline in a script); the hook is skipped`,
    ]);
    const bash = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: {} });
    const read = await engine.fire('PreToolUse', { tool_name: 'Read', tool_input: {} });
    const post = await engine.fire('PostToolUse', { tool_name: 'Bash', tool_input: {}, tool_response: '' });

    expect(bash).toMatchObject({ blocked: true, decision: 'deny' });
    expect(bash.reason).toContain('hooks.claude.PreToolUse[0].hooks[0] could not be loaded');
    expect(read).toMatchObject({ blocked: false, hooks: [] });
    expect(post).toMatchObject({ blocked: false, hooks: [] });
    expect(await ws.read('ran.txt')).toBeNull();
  });
});
