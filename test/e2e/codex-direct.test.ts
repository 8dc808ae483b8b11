// Codex CLI's own hook system, driven for real: `codex exec` against the mock Responses API,
// with hooks written straight into the project's .codex/hooks.json (plain shell scripts, no
// hookpool). What each test asserts is what Codex 0.171.0 really does; the why is in
// /work/notes/agents/codex.md.
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentMissing } from './harness/find-agent.js';
import type { AgentRun } from './harness/driver.js';
import { createCodexDriver } from './agents/codex.js';
import { expectNoneAlive, livingProcesses, marker, uniqueSleep } from '../helpers/processes.js';
import { tempDir } from '../helpers/temp-dirs.js';

const driver = createCodexDriver();
const RUN_MS = 60_000;

interface Project {
  readonly projectDir: string;
  readonly home: string;
  /** Where the hook scripts and what they record live: projectDir/.codex/hooks. */
  readonly hooksDir: string;
}

function newProject(): Project {
  const projectDir = tempDir('codex-project');
  const home = tempDir('codex-home');
  const hooksDir = join(projectDir, '.codex', 'hooks');
  mkdirSync(hooksDir, { recursive: true });
  return { projectDir, home, hooksDir };
}

/** An executable shell script in the project's hooks folder; returns its path. */
function script(project: Project, name: string, body: string): string {
  const path = join(project.hooksDir, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

interface Handler {
  readonly command: string;
  readonly timeout?: number;
}

/** Writes projectDir/.codex/hooks.json: event -> matcher groups. */
function writeHooks(project: Project, hooks: Record<string, { matcher?: string; hooks: Handler[] }[]>): string {
  const groups = Object.fromEntries(
    Object.entries(hooks).map(([event, list]) => [
      event,
      list.map((group) => ({ ...(group.matcher === undefined ? {} : { matcher: group.matcher }), hooks: group.hooks.map((handler) => ({ type: 'command', ...handler })) })),
    ]),
  );
  const path = join(project.projectDir, '.codex', 'hooks.json');
  writeFileSync(path, JSON.stringify({ hooks: groups }, null, 2));
  return path;
}

/** The JSON lines a hook appended (one stdin payload per line). */
function payloads(path: string): Record<string, unknown>[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function describeRun(run: AgentRun): string {
  return `exit ${run.exitCode} ${run.signal ?? ''}\n--- stderr\n${run.stderr.slice(-4000)}\n--- tool results\n${JSON.stringify(run.toolResults, null, 1)}`;
}

describe.skipIf(agentMissing(driver))('Codex CLI hooks, configured directly', () => {
  it('a PreToolUse hook refuses a command by exit 2 + stderr and a patch by permissionDecision deny; the reasons reach the model, safe calls run', async () => {
    const project = newProject();
    const tag = marker();
    const victim = join(project.projectDir, 'victim');
    mkdirSync(victim);
    const bashLog = join(project.hooksDir, 'bash-payloads.jsonl');
    const patchLog = join(project.hooksDir, 'patch-payloads.jsonl');
    const guard = script(
      project,
      'guard.sh',
      `payload=$(cat)\nprintf '%s\\n' "$payload" >> '${bashLog}'\ncase "$payload" in\n  *victim*) echo "hookpool-test: refusing to delete victim" >&2; exit 2;;\nesac\nexit 0`,
    );
    const patchGuard = script(
      project,
      'patch-guard.sh',
      `payload=$(cat)\nprintf '%s\\n' "$payload" >> '${patchLog}'\ncase "$payload" in\n  *forbidden*) printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"hookpool-test: no forbidden files"}}';;\nesac\nexit 0`,
    );
    writeHooks(project, {
      PreToolUse: [
        { matcher: '^Bash$', hooks: [{ command: `'${guard}' # ${tag}` }] },
        { matcher: '^apply_patch$', hooks: [{ command: `'${patchGuard}' # ${tag}` }] },
      ],
    });

    const run = await driver.run({
      projectDir: project.projectDir,
      home: project.home,
      prompt: 'clean up',
      steps: [
        // Codex refuses `rm -f`-style commands by itself; `rm -r` it would run: the hook must refuse both.
        { kind: 'shell', command: `rm -rf ${victim}` },
        { kind: 'shell', command: `rm -r ${victim}` },
        { kind: 'write', path: join(project.projectDir, 'forbidden.txt'), content: 'no\n' },
        { kind: 'write', path: join(project.projectDir, 'allowed.txt'), content: 'line one\nline two\n' },
        { kind: 'shell', command: `touch ${join(project.projectDir, 'ok')}` },
      ],
      timeoutMs: RUN_MS,
    });
    const context = describeRun(run);

    expect(run.exitCode, context).toBe(0);
    expect(existsSync(victim), context).toBe(true);
    expect(run.toolResults.map((result) => result.tool), context).toEqual(['exec_command', 'exec_command', 'apply_patch', 'apply_patch', 'exec_command']);
    const [rmForce, rmPlain, forbidden, allowed, touch] = run.toolResults;
    expect(rmForce!.text).toBe(`Command blocked by PreToolUse hook: hookpool-test: refusing to delete victim. Command: rm -rf ${victim}`);
    expect(rmPlain!.text).toBe(`Command blocked by PreToolUse hook: hookpool-test: refusing to delete victim. Command: rm -r ${victim}`);
    expect(forbidden!.text).toContain('Command blocked by PreToolUse hook: hookpool-test: no forbidden files.');
    expect(existsSync(join(project.projectDir, 'forbidden.txt'))).toBe(false);
    expect(allowed!.text).toContain('Success. Updated the following files:');
    expect(readFileSync(join(project.projectDir, 'allowed.txt'), 'utf8')).toBe('line one\nline two\n');
    expect(touch!.text).toContain('Process exited with code 0');
    expect(existsSync(join(project.projectDir, 'ok'))).toBe(true);
    // The reason is in the next request the model got, as the call's output.
    expect(run.modelInputs.some((text) => text.includes('hookpool-test: refusing to delete victim'))).toBe(true);

    // What the hooks got on stdin: Bash with { command } for exec_command, apply_patch with the patch as { command }.
    const bash = payloads(bashLog);
    expect(bash.map((payload) => payload.tool_input)).toEqual([{ command: `rm -rf ${victim}` }, { command: `rm -r ${victim}` }, { command: `touch ${join(project.projectDir, 'ok')}` }]);
    expect(bash[0]).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash', cwd: project.projectDir, model: 'gpt-5.5', permission_mode: 'bypassPermissions', tool_use_id: expect.any(String) as unknown, session_id: expect.any(String) as unknown, turn_id: expect.any(String) as unknown, transcript_path: expect.any(String) as unknown });
    const patches = payloads(patchLog);
    expect(patches.map((payload) => payload.tool_name)).toEqual(['apply_patch', 'apply_patch']);
    expect(patches[1]!.tool_input).toEqual({ command: `*** Begin Patch\n*** Add File: ${join(project.projectDir, 'allowed.txt')}\n+line one\n+line two\n*** End Patch\n` });
    await expectNoneAlive(tag);
  }, RUN_MS + 10_000);

  it('SessionStart, UserPromptSubmit and PostToolUse hooks add context the model receives as developer messages', async () => {
    const project = newProject();
    const tag = marker();
    const json = (event: string, text: string) => `cat > /dev/null; printf '%s' '{"hookSpecificOutput":{"hookEventName":"${event}","additionalContext":"${text}"}}' # ${tag}`;
    writeHooks(project, {
      SessionStart: [{ hooks: [{ command: json('SessionStart', 'CTX-SESSION-START-7f1') }] }],
      // Plain stdout (not JSON) is context too for UserPromptSubmit and SessionStart.
      UserPromptSubmit: [{ hooks: [{ command: `cat > /dev/null; echo CTX-PROMPT-PLAIN-3c9 # ${tag}` }] }],
      PostToolUse: [{ matcher: 'Bash', hooks: [{ command: json('PostToolUse', 'CTX-POST-TOOL-5d2') }] }],
    });
    const run = await driver.run({ projectDir: project.projectDir, home: project.home, prompt: 'say hi', steps: [{ kind: 'shell', command: 'echo hi' }], timeoutMs: RUN_MS });
    const context = describeRun(run);
    expect(run.exitCode, context).toBe(0);
    for (const text of ['CTX-SESSION-START-7f1', 'CTX-PROMPT-PLAIN-3c9', 'CTX-POST-TOOL-5d2']) expect(run.modelInputs, context).toContain(text);
    // In order: session context, the prompt, prompt context, (tool call) post-tool context, the tool output.
    const order = ['CTX-SESSION-START-7f1', 'say hi', 'CTX-PROMPT-PLAIN-3c9', 'CTX-POST-TOOL-5d2'].map((text) => run.modelInputs.indexOf(text));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(run.mainRequests).toBe(2);
    await expectNoneAlive(tag);
  }, RUN_MS + 10_000);

  it('fails open: a missing script, exit 1, a timeout and JSON with an unknown field all let the call run', async () => {
    const project = newProject();
    const tag = marker();
    const sleep = uniqueSleep();
    const victim = join(project.projectDir, 'victim');
    mkdirSync(victim);
    const late = join(project.projectDir, 'late-hook-finished');
    writeHooks(project, {
      PreToolUse: [
        {
          matcher: 'Bash',
          hooks: [
            { command: `'${join(project.hooksDir, 'no-such-script.sh')}' # ${tag}` },
            { command: `cat > /dev/null; echo 'exit one' >&2; exit 1 # ${tag}` },
            // Codex kills the hook at its timeout (seconds), process group and all: `touch` never runs.
            { command: `cat > /dev/null; sleep ${sleep}; touch '${late}'; echo late >&2; exit 2 # ${tag}`, timeout: 1 },
            // A deny Codex cannot parse (its output schemas refuse unknown fields) is a failed hook, not a deny.
            { command: `cat > /dev/null; printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"x"},"failClosed":true}' # ${tag}` },
          ],
        },
      ],
    });
    const run = await driver.run({ projectDir: project.projectDir, home: project.home, prompt: 'remove it', steps: [{ kind: 'shell', command: `rm -r ${victim}` }], timeoutMs: RUN_MS });
    const context = describeRun(run);
    expect(run.exitCode, context).toBe(0);
    expect(run.toolResults[0]?.text, context).toContain('Process exited with code 0');
    expect(existsSync(victim), context).toBe(false);
    expect(existsSync(late)).toBe(false);
    // All four ran and failed (exec prints each hook's status on stderr).
    expect(run.stderr.match(/hook: PreToolUse Failed/g)?.length, context).toBe(4);
    expect(livingProcesses(sleep)).toEqual([]);
    await expectNoneAlive(tag);
  }, RUN_MS + 10_000);

  it('hooks get the agent environment as is (no session or project variables): ids and cwd come on stdin', async () => {
    const project = newProject();
    const tag = marker();
    const record = (name: string) => `cat > '${join(project.hooksDir, `${name}.json`)}'; compgen -e | sort > '${join(project.hooksDir, `${name}.env`)}'; pwd > '${join(project.hooksDir, `${name}.cwd`)}' # ${tag}`;
    writeHooks(project, {
      SessionStart: [{ hooks: [{ command: record('session-start') }] }],
      PreToolUse: [{ hooks: [{ command: record('pre-tool-use') }] }],
      Stop: [{ hooks: [{ command: record('stop') }] }],
    });
    const run = await driver.run({
      projectDir: project.projectDir,
      home: project.home,
      env: { FOO_API_KEY: 'not-a-real-key' },
      prompt: 'look around',
      steps: [{ kind: 'shell', command: `env | cut -d= -f1 | sort > '${join(project.hooksDir, 'shell-tool.env')}'` }],
      timeoutMs: RUN_MS,
    });
    const context = describeRun(run);
    expect(run.exitCode, context).toBe(0);
    const names = (file: string) => readFileSync(join(project.hooksDir, file), 'utf8').split('\n').filter((line) => line !== '');
    const hookEnv = names('pre-tool-use.env');
    // The agent's own variables, secrets included, plus what the npm launcher and bash add.
    expect(hookEnv).toEqual(expect.arrayContaining(['HOME', 'PATH', 'TMPDIR', 'FOO_API_KEY', 'HOOKPOOL_MOCK_API_KEY', 'CODEX_MANAGED_BY_NPM', 'CODEX_MANAGED_PACKAGE_ROOT']));
    for (const absent of ['CODEX_SESSION_ID', 'CODEX_THREAD_ID', 'CLAUDE_PROJECT_DIR', 'CODEX_PROJECT_DIR', 'CLAUDE_ENV_FILE', 'CODEX_ENV_FILE']) expect(hookEnv).not.toContain(absent);
    expect(names('session-start.env')).toEqual(hookEnv);
    // The shell tool's commands do get the session: CODEX_SESSION_ID / CODEX_THREAD_ID / CODEX_TOOL_CALL_ID.
    expect(names('shell-tool.env')).toEqual(expect.arrayContaining(['CODEX_SESSION_ID', 'CODEX_THREAD_ID', 'CODEX_TOOL_CALL_ID', 'FOO_API_KEY']));
    const start = JSON.parse(readFileSync(join(project.hooksDir, 'session-start.json'), 'utf8')) as Record<string, unknown>;
    const pre = JSON.parse(readFileSync(join(project.hooksDir, 'pre-tool-use.json'), 'utf8')) as Record<string, unknown>;
    const stop = JSON.parse(readFileSync(join(project.hooksDir, 'stop.json'), 'utf8')) as Record<string, unknown>;
    expect(start).toMatchObject({ hook_event_name: 'SessionStart', source: 'startup', cwd: project.projectDir });
    expect(stop).toMatchObject({ hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'done' });
    expect(pre.session_id).toBe(start.session_id);
    expect(stop.session_id).toBe(start.session_id);
    expect(String(start.transcript_path)).toContain(join(project.home, '.codex', 'sessions'));
    expect(readFileSync(join(project.hooksDir, 'pre-tool-use.cwd'), 'utf8').trim()).toBe(project.projectDir);
    await expectNoneAlive(tag);
  }, RUN_MS + 10_000);

  it('without the trust bypass, only hooks whose trusted_hash is recorded in config.toml run', async () => {
    const trusting = createCodexDriver({ bypassHookTrust: false });
    const project = newProject();
    const tag = marker();
    const trusted = `cat > /dev/null; echo CTX-TRUSTED-a41 # ${tag}`;
    const untrusted = `cat > /dev/null; echo CTX-UNTRUSTED-b52 # ${tag}`;
    const hooksJson = writeHooks(project, { UserPromptSubmit: [{ hooks: [{ command: trusted, timeout: 30 }, { command: untrusted, timeout: 30 }] }] });
    // What /hooks records when a user trusts a hook: sha256 over the normalized hook, keys sorted, timeout filled in.
    const identity = { event_name: 'user_prompt_submit', hooks: [{ type: 'command', command: trusted, timeout: 30, async: false }] };
    const canonical = (value: unknown): unknown =>
      Array.isArray(value) ? value.map(canonical) : value !== null && typeof value === 'object' ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, canonical(v)])) : value;
    const hash = `sha256:${createHash('sha256').update(JSON.stringify(canonical(identity))).digest('hex')}`;
    mkdirSync(join(project.home, '.codex'), { recursive: true });
    writeFileSync(join(project.home, '.codex', 'config.toml'), `[hooks.state."${hooksJson}:user_prompt_submit:0:0"]\ntrusted_hash = "${hash}"\n`);

    const run = await trusting.run({ projectDir: project.projectDir, home: project.home, prompt: 'hello', steps: [], timeoutMs: RUN_MS });
    const context = describeRun(run);
    expect(run.exitCode, context).toBe(0);
    expect(run.modelInputs, context).toContain('CTX-TRUSTED-a41');
    expect(run.modelInputs, context).not.toContain('CTX-UNTRUSTED-b52');
    // --trust added the project beside the hook trust record.
    expect(readFileSync(join(project.home, '.codex', 'config.toml'), 'utf8')).toContain(`[projects."${project.projectDir}"]`);
    await expectNoneAlive(tag);
  }, RUN_MS + 10_000);

  it('run() leaves nothing running when it kills the agent at its timeout, a hook mid-sleep included', async () => {
    const project = newProject();
    const tag = marker();
    const sleep = uniqueSleep();
    const started = join(project.hooksDir, 'started');
    writeHooks(project, { UserPromptSubmit: [{ hooks: [{ command: `cat > /dev/null; touch '${started}'; sleep ${sleep} # ${tag}` }] }] });
    const run = await driver.run({ projectDir: project.projectDir, home: project.home, prompt: 'wait', steps: [], timeoutMs: 12_000 });
    expect(run.signal, describeRun(run)).toBe('SIGKILL');
    expect(run.mainRequests).toBe(0);
    expect(existsSync(started), describeRun(run)).toBe(true);
    await expectNoneAlive(sleep);
    await expectNoneAlive(tag);
  }, 30_000);
});
