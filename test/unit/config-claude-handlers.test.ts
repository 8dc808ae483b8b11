// Claude Code handler fields (hooks reference, "Hook handler fields"): each one loads as the
// native model holds it, or is a problem line and a broken entry; nothing is dropped silently.
import { describe, expect, it } from 'vitest';
import { readClaudeHooks } from '../../src/config/layouts/claude.js';
import { readHooksDocument } from '../../src/config/layouts/read-hooks-document.js';
import { parseNativeHooks } from '../../src/config/parse-native.js';
import { planEvents } from '../../src/plan/planner.js';

const FILE = '/p/.claude/settings.json';
const read = (handler: Record<string, unknown>, event = 'PreToolUse', context = {}) =>
  readClaudeHooks({ hooks: { [event]: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'check', ...handler }] }] } }, FILE, context);

describe('Claude handler fields', () => {
  it('a field Claude Code does not define is ignored with a note (as Claude Code ignores it); its internal ones too; the hook loads', () => {
    const result = read({ command: 'guard.sh', description: 'no rm', holdsTools: true, cloud: 'skip' });
    expect(result.hooks).toEqual([expect.objectContaining({ command: 'guard.sh' })]);
    expect(result.broken).toEqual([]);
    expect(result.problems).toEqual([
      '/p/.claude/settings.json: hooks.PreToolUse[0].hooks[0].description: "description" is not a field of a Claude Code hook: ignored, as Claude Code ignores it',
      expect.stringMatching(/hooks\[0\]\.holdsTools: "holdsTools" lets Claude Code send the prompt before this hook answers; hookpool waits for it: ignored$/),
      expect.stringMatching(/hooks\[0\]\.cloud: "cloud" says whether a cloud session may run the hook; hookpool runs it on this machine: ignored$/),
    ]);
  });

  it('onFailure is onError: "block" is closed, "continue" open; another value is a broken entry (on a guard event it refuses)', () => {
    expect(read({ command: 'guard.sh', onFailure: 'block' }).hooks[0]).toMatchObject({ onError: 'closed' });
    expect(read({ command: 'guard.sh', onFailure: 'continue' }).hooks[0]).toMatchObject({ onError: 'open' });
    const wrong = read({ command: 'guard.sh', onFailure: 'never' });
    expect(wrong.hooks).toEqual([]);
    expect(wrong.broken).toEqual([expect.objectContaining({ event: 'PreToolUse', matcher: 'Bash' })]);
  });

  it('exec form: "args" (even []) makes an argv of command and args, run with no shell', () => {
    expect(read({ command: 'node', args: [] }).hooks[0]).toMatchObject({ args: ['node'] });
    expect(read({ command: '${CLAUDE_PROJECT_DIR}/x.sh', args: ['a b', '$HOME'] }).hooks[0]).toMatchObject({ args: ['${CLAUDE_PROJECT_DIR}/x.sh', 'a b', '$HOME'] });
    expect(read({ command: 'node' }).hooks[0]).toMatchObject({ command: 'node' });
    expect(read({ command: 'node' }).hooks[0]!.args).toBeUndefined();
  });

  it('exec form refuses a bare command with spaces, which could never start', () => {
    const result = read({ command: 'node script.js', args: [] });
    expect(result.hooks).toEqual([]);
    expect(result.problems[0]).toContain('in exec form ("args" given) "command" is one program');
  });

  it('reads async, asyncRewake with its message and summary, once, statusMessage, shell and if', () => {
    const [hook] = read({ if: 'Bash(git commit:*)', asyncRewake: true, rewakeMessage: 'Review found issues:', rewakeSummary: 'Commit review', once: true, statusMessage: 'Checking…', shell: 'bash' }).hooks;
    expect(hook).toMatchObject({ if: 'Bash(git commit:*)', asyncRewake: true, rewakeMessage: 'Review found issues:', rewakeSummary: 'Commit review', once: true, statusMessage: 'Checking…', shell: 'bash' });
    const [definition] = parseNativeHooks([hook]);
    expect(definition).toMatchObject({ background: true, rewake: { message: 'Review found issues:', summary: 'Commit review' }, once: true, shell: 'bash' });
    expect(read({ async: true }).hooks[0]).toMatchObject({ background: true });
  });

  it('an invalid if rule is a load problem (broken entry)', () => {
    const result = read({ if: 'Bash(git push' });
    expect(result.hooks).toEqual([]);
    expect(result.problems[0]).toContain('invalid "if" rule "Bash(git push"');
    expect(result.broken).toHaveLength(1);
  });

  it('if on an event that is not a tool event is reported; the hook loads and never runs, as in Claude Code', () => {
    const result = read({ if: 'Bash(rm *)' }, 'Stop');
    expect(result.problems[0]).toContain('"if" only on tool events');
    const hooks = parseNativeHooks(result.hooks);
    expect(hooks).toHaveLength(1);
    expect(planEvents(hooks).get('Stop')!.hasHooks).toBe(false);
  });

  it('shell beside args is reported and ignored (exec form runs no shell)', () => {
    const result = read({ command: 'node', args: [], shell: 'bash' });
    expect(result.problems[0]).toContain('has no effect with "args"');
    expect(result.hooks[0]!.shell).toBeUndefined();
  });

  it('rewakeMessage without asyncRewake is a problem', () => {
    expect(read({ rewakeMessage: 'x' }).problems[0]).toContain('only used with "asyncRewake": true');
  });

  it('CLAUDE_PLUGIN_ROOT outside a plugin is a configuration error, never a silent wrong path', () => {
    for (const command of ['node "${CLAUDE_PLUGIN_ROOT}/block.js"', 'python3 $CLAUDE_PLUGIN_ROOT/hooks/x.py', 'cat ${CLAUDE_PLUGIN_DATA}/state']) {
      const result = read({ command });
      expect(result.hooks).toEqual([]);
      expect(result.problems[0]).toContain("which only a plugin's hooks have");
      expect(result.broken).toHaveLength(1);
    }
  });

  it("a plugin's folders are substituted in command and args as plain text, and set in the environment", () => {
    const plugin = { root: '/plugins/guard', data: '/home/me/.claude/plugins/data/guard' };
    const shell = read({ command: "python3 '${CLAUDE_PLUGIN_ROOT}/hooks/x.py' ${CLAUDE_PLUGIN_DATA}" }, 'PreToolUse', { plugin }).hooks[0];
    expect(shell).toMatchObject({ command: "python3 '/plugins/guard/hooks/x.py' /home/me/.claude/plugins/data/guard", env: { set: { CLAUDE_PLUGIN_ROOT: plugin.root, CLAUDE_PLUGIN_DATA: plugin.data } } });
    const exec = read({ command: 'node', args: ['${CLAUDE_PLUGIN_ROOT}/block.js'] }, 'PreToolUse', { plugin }).hooks[0];
    expect(exec).toMatchObject({ args: ['node', '/plugins/guard/block.js'] });
  });

  it('a plugin folder that would change a shell command is refused in shell form, fine in exec form', () => {
    const plugin = { root: "/plugins/it's", data: '/d' };
    expect(read({ command: '"${CLAUDE_PLUGIN_ROOT}/x.sh"' }, 'PreToolUse', { plugin }).problems[0]).toContain('would change this shell command');
    expect(read({ command: '${CLAUDE_PLUGIN_ROOT}/x.sh', args: [] }, 'PreToolUse', { plugin }).hooks[0]).toMatchObject({ args: ["/plugins/it's/x.sh"] });
  });

  it('plugin options (${user_config.*}) are reported as not supported', () => {
    expect(read({ command: 'x', args: ['${user_config.token}'] }).problems[0]).toContain('plugin options (${user_config.*}) are not supported');
  });

  it("a subagent's hooks carry its agent type, and its Stop hooks run on SubagentStop", () => {
    const result = readClaudeHooks({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'x' }] }] } }, FILE, { agentType: 'reviewer', renameEvent: (event: string) => (event === 'Stop' ? 'SubagentStop' : event) } as never);
    expect(result.hooks[0]).toMatchObject({ event: 'SubagentStop', agentType: 'reviewer' });
  });

  it('the old unwrapped plugin shape loads, with a problem line saying to wrap it', () => {
    const document = { description: 'old', PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: 'x' }] }] };
    const result = readHooksDocument(document, { file: '/plug/hooks/hooks.json', claudeSettings: true, context: { plugin: { root: '/plug', data: '/d' } } });
    expect(result.hooks).toHaveLength(1);
    expect(result.problems).toEqual(['/plug/hooks/hooks.json: (root): events at the top level (PreToolUse) are the old plugin shape; hookpool reads them, but wrap them as {"hooks": {...}} as Claude Code documents']);
  });
});
