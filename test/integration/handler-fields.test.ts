// Claude Code's handler fields through a real engine and pool, on both hosts: the `if` filter
// (no process when it does not match), once, statusMessage, shell, async answers, asyncRewake,
// skill and subagent hooks, and CLAUDE_ENV_FILE (handed back, then removed).
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHookEngine, loadHooksConfig, type HookEngine, type HookEngineOptions } from '../../src/index.js';
import type { AsyncAnswer, HookStarted, Rewake } from '../../src/index.js';
import { HOSTS } from '../helpers/hosts.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hookpool-handlers-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const lines = async (file: string) => (await readFile(file, 'utf8').catch(() => '')).split('\n').filter(Boolean);
const until = async (check: () => boolean | Promise<boolean>) => {
  for (let tries = 0; tries < 1000 && !(await check()); tries++) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe.each(HOSTS)('handler fields on the %s host', (host) => {
  let engine: HookEngine | undefined;
  afterEach(async () => {
    await engine?.close();
    engine = undefined;
  });
  const start = (options: HookEngineOptions) => (engine = createHookEngine({ host, cwd: dir, pool: { threads: 1 }, ...options }));

  it('if: a tool call the rule does not match starts no process; one that matches runs the hook', async () => {
    const log = join(dir, `if-${host}.log`);
    start({ hooks: [{ event: 'PreToolUse', matcher: 'Bash', if: 'Bash(rm *)', command: `echo ran >> ${log}; exit 2` }] });
    const ls = await engine!.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls -la' } });
    expect(ls.hooks).toEqual([]);
    expect(await lines(log)).toEqual([]);
    const rm = await engine!.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'cd build && rm -rf out' } });
    expect(rm).toMatchObject({ blocked: true, decision: 'deny' });
    expect(await lines(log)).toEqual(['ran']);
  });

  it('once: gone after its first successful run; a failed run keeps it', async () => {
    const flag = join(dir, `once-${host}.ok`);
    start({ hooks: [{ id: 'setup', event: 'UserPromptSubmit', once: true, command: `test -e ${flag} && echo done` }] });
    const failed = await engine!.fire('UserPromptSubmit', { prompt: 'a' });
    expect(failed.hooks).toMatchObject([{ id: 'setup', status: 'exit_nonzero' }]);
    await writeFile(flag, '');
    const ok = await engine!.fire('UserPromptSubmit', { prompt: 'b' });
    expect(ok).toMatchObject({ additionalContext: 'done', hooks: [{ status: 'ok' }] });
    const after = await engine!.fire('UserPromptSubmit', { prompt: 'c' });
    expect(after.hooks).toEqual([]);
    expect(engine!.has('UserPromptSubmit')).toBe(false);
  });

  it('statusMessage: onHookStarted says it while the hook runs, and the outcome carries it', async () => {
    const started: HookStarted[] = [];
    const gate = join(dir, `status-${host}.gate`);
    start({
      onHookStarted: (event) => {
        started.push(event);
        void writeFile(gate, '');
      },
      hooks: [{ id: 'lint', event: 'PostToolUse', statusMessage: 'Linting the file…', command: `while [ ! -e ${gate} ]; do sleep 0.01; done` }, { id: 'quiet', event: 'PostToolUse', command: 'true' }],
    });
    const result = await engine!.fire('PostToolUse', { tool_name: 'Edit', tool_input: {}, tool_response: {} });
    expect(started).toEqual([
      { event: 'PostToolUse', hookId: 'lint', background: false, statusMessage: 'Linting the file…' },
      { event: 'PostToolUse', hookId: 'quiet', background: false, statusMessage: null },
    ]);
    expect(result.hooks.map((hook) => hook.statusMessage)).toEqual(['Linting the file…', undefined]);
  });

  it('shell: bash runs bash -c; powershell without pwsh on PATH is a clear failure', async () => {
    start({ env: { PATH: process.env.PATH, HOME: dir }, hooks: [
      { id: 'bash', event: 'Stop', shell: 'bash', command: 'echo "$BASH_VERSION" | grep -q . && [[ a == a ]] && echo "{\\"systemMessage\\": \\"bash\\"}"' },
      { id: 'pwsh', event: 'Stop', shell: 'powershell', command: 'Write-Output hi', onError: 'open' },
    ] });
    const result = await engine!.fire('Stop', {});
    expect(result.systemMessage).toBe('bash');
    expect(result.hooks[1]).toMatchObject({ status: 'spawn_failed', error: 'this hook asks for "shell": "powershell", and PowerShell (pwsh) is not on PATH' });
  });

  it('async: the fire does not wait; additionalContext and systemMessage reach the agent through onAsyncAnswer, decisions have no effect', async () => {
    const answers: AsyncAnswer[] = [];
    start({ onAsyncAnswer: (answer) => answers.push(answer), hooks: [
      { id: 'bg', event: 'PreToolUse', background: true, command: 'echo \'{"systemMessage":"tests pass","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","additionalContext":"42 tests"}}\'' },
    ] });
    const result = await engine!.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'x' } });
    expect(result).toMatchObject({ blocked: false, hooks: [] });
    await until(() => answers.length > 0);
    expect(answers).toEqual([{ event: 'PreToolUse', hookId: 'bg', additionalContext: '42 tests', systemMessage: 'tests pass', environmentExports: null }]);
  });

  it('asyncRewake: exit 2 wakes the agent with rewakeMessage before stderr (stdout when stderr is empty); other exits do not', async () => {
    const wakes: Rewake[] = [];
    start({ onRewake: (rewake) => wakes.push(rewake), hooks: [
      { id: 'review', event: 'PostToolUse', asyncRewake: true, rewakeMessage: 'Security review:', rewakeSummary: 'Review found issues', command: 'echo "eval( in a.js" >&2; exit 2' },
      { id: 'stdout', event: 'PostToolUse', asyncRewake: true, command: 'echo "from stdout"; exit 2' },
      { id: 'fine', event: 'PostToolUse', asyncRewake: true, command: 'echo fine >&2; exit 0' },
    ] });
    await engine!.fire('PostToolUse', { tool_name: 'Bash', tool_input: { command: 'git commit' }, tool_response: {} });
    await engine!.close();
    expect(wakes.sort((a, b) => a.hookId.localeCompare(b.hookId))).toEqual([
      { event: 'PostToolUse', hookId: 'review', message: 'Security review:\neval( in a.js', summary: 'Review found issues' },
      { event: 'PostToolUse', hookId: 'stdout', message: 'from stdout', summary: null },
    ]);
  });

  it('asyncRewake: the timeout is enforced (a timed-out hook wakes nobody)', async () => {
    const wakes: Rewake[] = [];
    const settled: string[] = [];
    start({ onRewake: (rewake) => wakes.push(rewake), onHookSettled: ({ outcome }) => settled.push(outcome.status), hooks: [
      { event: 'Stop', asyncRewake: true, timeout: 300, command: 'sleep 30; exit 2' },
    ] });
    await engine!.fire('Stop', {});
    await until(() => settled.length > 0);
    expect(settled).toEqual(['timed_out']);
    expect(wakes).toEqual([]);
  });

  it("skill hooks wait for their skill: engine.activateSkill, or the Skill tool's PostToolUse naming it", async () => {
    start({ hooks: [
      { id: 'release-guard', event: 'PreToolUse', skill: 'release', command: 'echo release' },
      { id: 'docs-guard', event: 'PreToolUse', skill: 'docs', command: 'echo docs' },
    ] });
    const ids = async () => (await engine!.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'x' } })).hooks.map((hook) => hook.id);
    expect(await ids()).toEqual([]);
    engine!.activateSkill('release');
    expect(await ids()).toEqual(['release-guard']);
    await engine!.fire('PostToolUse', { tool_name: 'Skill', tool_input: { skill: 'docs' }, tool_response: {} });
    expect(await ids()).toEqual(['release-guard', 'docs-guard']);
  });

  it("a skill's copy of a settings hook stays separate: both run", async () => {
    start({ hooks: [{ id: 'settings', event: 'Stop', command: 'true' }, { id: 'skill', event: 'Stop', skill: 'release', command: 'true' }] });
    engine!.activateSkill('release');
    expect((await engine!.fire('Stop', {})).hooks.map((hook) => hook.id)).toEqual(['settings', 'skill']);
  });

  it("a skill's broken guard refuses only once the skill is invoked, where its hooks would have run", async () => {
    const home = join(dir, `home-${host}`);
    await mkdir(join(home, '.claude', 'skills', 'release'), { recursive: true });
    await writeFile(join(home, '.claude', 'skills', 'release', 'SKILL.md'), '---\nhooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - type: command\n          command: ./check.sh\n          onFailure: sometimes\n---\n');
    const config = await loadHooksConfig({ cwd: dir, home });
    expect(config.problems).toEqual([expect.stringContaining('onFailure: expected "block"')]);
    start({ ...config });
    const call = { tool_name: 'Bash', tool_input: { command: 'ls' } };
    expect(await engine!.fire('PreToolUse', call)).toMatchObject({ blocked: false, hooks: [] });
    engine!.activateSkill('release');
    expect(await engine!.fire('PreToolUse', call)).toMatchObject({ blocked: true, decision: 'deny' });
  });

  it("subagent hooks run only on fires whose agent_type is theirs", async () => {
    start({ hooks: [{ id: 'reviewer-stop', event: 'SubagentStop', agentType: 'code-reviewer', command: 'true' }] });
    expect((await engine!.fire('SubagentStop', { agent_type: 'Explore' })).hooks).toEqual([]);
    expect((await engine!.fire('SubagentStop', { agent_type: 'code-reviewer' })).hooks).toHaveLength(1);
  });

  it('exec form: ${CLAUDE_PROJECT_DIR} in args is the project folder, as plain text', async () => {
    start({ projectDir: '/some/project', hooks: [{ event: 'Stop', args: ['/bin/echo', '${CLAUDE_PROJECT_DIR}/x', '$HOME'] }] });
    expect((await engine!.fire('Stop', {})).hooks[0]!.stdout).toBe('/some/project/x $HOME\n');
  });

  it('CLAUDE_ENV_FILE: each SessionStart hook gets its own file; their exports come back in config order; the files are removed', async () => {
    const answers: AsyncAnswer[] = [];
    start({ onAsyncAnswer: (answer) => answers.push(answer), hooks: [
      { id: 'slow', event: 'SessionStart', command: 'sleep 0.2; echo "export A=1" >> "$CLAUDE_ENV_FILE"' },
      { id: 'fast', event: 'SessionStart', command: 'printf "export B=2" >> "$CLAUDE_ENV_FILE"' },
      { id: 'silent', event: 'SessionStart', command: 'test -f "$CLAUDE_ENV_FILE" && echo "$CLAUDE_ENV_FILE"' },
      { id: 'later', event: 'SessionStart', background: true, command: 'echo "export C=3" >> "$CLAUDE_ENV_FILE"' },
      { id: 'other', event: 'Stop', command: 'echo "${CLAUDE_ENV_FILE:-none}"' },
    ] });
    const result = await engine!.fire('SessionStart', { source: 'startup' });
    expect(result.environmentExports).toBe('export A=1\nexport B=2\n');
    expect(result.hooks.map((hook) => hook.status)).toEqual(['ok', 'ok', 'ok']);
    expect((await engine!.fire('Stop', {})).hooks[0]!.stdout).toBe('none\n');
    await engine!.close();
    expect(answers).toEqual([{ event: 'SessionStart', hookId: 'later', additionalContext: null, systemMessage: null, environmentExports: 'export C=3\n' }]);
    const file = result.hooks[2]!.stdout.trim();
    expect(dirname(file)).toMatch(/\/hookpool-env-[^/]+$/);
    await expect(stat(dirname(file))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
