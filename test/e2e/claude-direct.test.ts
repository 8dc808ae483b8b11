// The real Claude Code, headless against the mock model (agents/claude.ts), with hooks written
// straight into the project's .claude/settings.json (plain shell scripts, no hookpool): proves the
// driver and records what Claude Code's hook system really does. Findings: /work/notes/agents/claude.md.
import { existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sendJson, startLocalServer } from '../helpers/local-server.js';
import { expectNoneAlive, marker, uniqueSleep } from '../helpers/processes.js';
import { CLAUDE_DUMMY_API_KEY, createClaudeDriver } from './agents/claude.js';
import { cleanUpRun, directProject, FOO_API_KEY, runIn, writeJsonFile, WRITTEN_TEXT, type DirectProject } from './harness/direct-scene.js';
import type { AgentRun } from './harness/driver.js';
import { agentMissing } from './harness/find-agent.js';
import { captureHook, hookRecordsIn } from './harness/hook-captures.js';

const driver = createClaudeDriver();
/** A run takes 1-5 s; this is only the bound on a stuck agent. */
const RUN_TIMEOUT_MS = 60_000;
const OK = '(Bash completed with no output)';
/** Refuses a call whose payload holds `rm -rf`: exit 2, the reason on stderr. */
const DENY_RM = captureHook('deny-rm', 'refuse-if-rm', 'CLAUDE-E2E-REFUSED: rm -rf is not allowed here');

type Handler =
  | { type: 'prompt'; prompt: string }
  | { type: 'command'; command: string; timeout?: number; if?: string; onFailure?: 'continue' | 'block'; async?: boolean; asyncRewake?: boolean; description?: string }
  | { type: 'http'; url: string; timeout?: number; if?: string; onFailure?: 'continue' | 'block' };
interface HookGroup {
  readonly matcher?: string;
  readonly hooks: readonly (Handler | Record<string, unknown>)[];
}
type Hooks = Record<string, readonly HookGroup[]>;

/** A fresh project with its hooks in .claude/settings.json. */
function setup(hooksFor: (projectDir: string) => Hooks): DirectProject {
  const project = directProject('claude');
  writeJsonFile(project.projectDir, '.claude/settings.json', { hooks: hooksFor(project.projectDir) });
  return project;
}

/** A `touch <projectDir>/<name>` step, and the `if` rule that picks the hook meant for it. */
function touch(projectDir: string, name: string): { step: { kind: 'shell'; command: string }; rule: string } {
  const command = `touch ${join(projectDir, name)}`;
  return { step: { kind: 'shell', command }, rule: `Bash(${command})` };
}

/** A project whose hooks `hooksFor` gives (`rule(name)`: the `if` rule of the call touching `name`), run with one `touch <name>` call per name. */
async function touchEach(names: readonly string[], hooksFor: (rule: (name: string) => string, projectDir: string) => Hooks, timeoutMs = RUN_TIMEOUT_MS): Promise<{ projectDir: string; run: AgentRun }> {
  const project = setup((dir) => hooksFor((name) => touch(dir, name).rule, dir));
  const run = await runIn(driver, project, { prompt: 'touch them', steps: names.map((name) => touch(project.projectDir, name).step), timeoutMs });
  return { projectDir: project.projectDir, run };
}

/** A port on 127.0.0.1 that nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The hooks that cannot answer, each picked by its `if` rule: a missing script, exit 1, and a 1 s timeout sleeping `sleep`. */
function failingHooks(rule: (name: string) => string, projectDir: string, sleep: string, onFailure?: 'block'): Handler[] {
  const extra = onFailure === undefined ? {} : { onFailure };
  return [
    { type: 'command', if: rule('missing'), command: `'${join(projectDir, 'no-such-hook.sh')}'`, ...extra },
    { type: 'command', if: rule('exit1'), command: 'echo CLAUDE-E2E-EXIT-1 >&2; exit 1', ...extra },
    { type: 'command', if: rule('timeout'), command: `sleep ${sleep}`, timeout: 1, ...extra },
  ];
}

function expectClean(run: AgentRun): void {
  expect(run.exitCode, `stderr: ${run.stderr}\nstdout: ${run.stdout}`).toBe(0);
  expect(run.signal).toBeNull();
}

describe.skipIf(agentMissing(driver))('Claude Code hooks, configured directly', () => {
  it('PreToolUse exit 2 refuses rm -rf with the stderr reason; SessionStart, UserPromptSubmit and PostToolUse context and a Stop block reach the model; the hook env', async () => {
    const mark = marker();
    const project = setup(() => ({
      PreToolUse: [
        { matcher: 'Bash', hooks: [{ type: 'command', command: `${DENY_RM} # ${mark}`, timeout: 10 }] },
        { matcher: 'Write', hooks: [{ type: 'command', command: `${captureHook('pass')} # ${mark}` }] },
      ],
      PostToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: captureHook('post-context', 'say', '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"CLAUDE-E2E-POST-TOOL-CONTEXT"}}') }] }],
      UserPromptSubmit: [{ hooks: [{ type: 'command', command: captureHook('context', 'say', 'CLAUDE-E2E-PROMPT-CONTEXT') }] }],
      SessionStart: [{ hooks: [{ type: 'command', command: captureHook('context', 'say', 'CLAUDE-E2E-SESSION-START-CONTEXT') }] }],
      Stop: [{ hooks: [{ type: 'command', command: captureHook('stop-once', 'refuse-once', 'CLAUDE-E2E-STOP-SAYS-GO-ON') }] }],
    }));
    const { projectDir, home, captures } = project;

    // a. Refused, and the model got the hook's stderr as the tool's error; the next, safe call ran, and so did the write.
    const run = await cleanUpRun(driver, project, ['Bash', 'Bash', 'Write'], RUN_TIMEOUT_MS);
    // 3 tool calls, the text "done", then once more because the Stop hook blocked once.
    expect(run.mainRequests).toBe(5);
    expect(run.toolResults[0]?.text).toBe(`PreToolUse:Bash hook error: [${DENY_RM} # ${mark}]: CLAUDE-E2E-REFUSED: rm -rf is not allowed here\n`);
    expect(run.toolResults[1]?.text).toBe(OK);
    expect(run.toolResults[2]?.text).toMatch(/^File created successfully at: /);

    // b. Context: plain stdout of SessionStart and UserPromptSubmit lands in the conversation's system
    // message; PostToolUse additionalContext is a system message of its own after the tool result.
    expect(run.modelInputs.some((text) => text.includes('SessionStart:startup hook success: CLAUDE-E2E-SESSION-START-CONTEXT'))).toBe(true);
    expect(run.modelInputs.some((text) => text.includes('UserPromptSubmit hook success: CLAUDE-E2E-PROMPT-CONTEXT'))).toBe(true);
    expect(run.modelInputs).toContain('PostToolUse:Bash hook additional context: CLAUDE-E2E-POST-TOOL-CONTEXT');
    // The refused call got no PostToolUse hook: one context message, for the call that ran.
    expect(hookRecordsIn(captures, 'post-context')).toHaveLength(1);
    // The Stop hook's stderr went back to the model as a system reminder, and the turn went on.
    expect(run.modelInputs.some((text) => text.includes('Stop hook feedback:') && text.includes('CLAUDE-E2E-STOP-SAYS-GO-ON'))).toBe(true);
    expect(run.modelInputs).toContain('clean up the project');

    // The payloads for the shell tool and the file-write tool.
    const shellCalls = hookRecordsIn(captures, 'deny-rm');
    const sessionId = shellCalls[0]?.payload.session_id;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(shellCalls.map(({ payload }) => payload)).toEqual([
      expect.objectContaining({ hook_event_name: 'PreToolUse', cwd: projectDir, permission_mode: 'bypassPermissions', tool_name: 'Bash', tool_input: { command: `rm -rf ${join(projectDir, 'victim')}`, description: 'hookpool e2e step' }, tool_use_id: expect.any(String) }),
      expect.objectContaining({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: `touch ${join(projectDir, 'ok')}`, description: 'hookpool e2e step' } }),
    ]);
    expect(hookRecordsIn(captures, 'pass').map(({ payload }) => payload)).toEqual([
      expect.objectContaining({ hook_event_name: 'PreToolUse', session_id: sessionId, tool_name: 'Write', tool_input: { file_path: join(projectDir, 'written.txt'), content: WRITTEN_TEXT } }),
    ]);
    // Stop ran twice: the second time it says the turn already went on because of a Stop hook.
    expect(hookRecordsIn(captures, 'stop-once').map(({ payload }) => payload)).toEqual([
      expect.objectContaining({ hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'done' }),
      expect.objectContaining({ hook_event_name: 'Stop', stop_hook_active: true, last_assistant_message: 'done' }),
    ]);

    // d. The environment: the agent's whole environment (the API key too), plus its own variables.
    const [sessionStart] = hookRecordsIn(captures, 'context');
    expect(sessionStart?.payload).toEqual(expect.objectContaining({ hook_event_name: 'SessionStart', source: 'startup', session_id: sessionId }));
    for (const { env } of [...shellCalls, sessionStart!]) {
      expect(env.get('CLAUDE_PROJECT_DIR')).toBe(projectDir);
      expect(env.get('CLAUDE_CODE_SESSION_ID')).toBe(sessionId);
      expect(env.get('CLAUDECODE')).toBe('1');
      expect(env.get('CLAUDE_CODE_ENTRYPOINT')).toBe('sdk-cli');
      expect(env.get('FOO_API_KEY')).toBe(FOO_API_KEY);
      expect(env.get('ANTHROPIC_API_KEY')).toBe(CLAUDE_DUMMY_API_KEY);
      expect(env.get('HOME')).toBe(home);
    }
    // CLAUDE_ENV_FILE only on SessionStart: a file in the session's folder under ~/.claude/session-env.
    expect(sessionStart?.env.get('CLAUDE_ENV_FILE')).toBe(join(home, '.claude', 'session-env', String(sessionId), 'sessionstart-hook-0.sh'));
    expect(shellCalls[0]?.env.has('CLAUDE_ENV_FILE')).toBe(false);
    console.info(`claude hook env names (PreToolUse): ${[...(shellCalls[0]?.env.keys() ?? [])].sort().join(' ')}`);

    // e. Nothing of the run is left.
    await expectNoneAlive(mark);
  });

  it('PreToolUse JSON permissionDecision "deny" refuses with its reason; a prompt hook\'s model call is a side request', async () => {
    const project = setup(() => ({
      PreToolUse: [
        { matcher: 'Bash', hooks: [{ type: 'command', command: captureHook('json-deny', 'say', '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"CLAUDE-E2E-JSON-DENY"}}') }] },
        // Evaluated by the model: the mock answers it apart from the steps, with {"ok": true, "reason": "ok"}.
        { matcher: 'Write', hooks: [{ type: 'prompt', prompt: 'May this file be written? $ARGUMENTS' }] },
      ],
    }));
    const { projectDir } = project;
    const run = await runIn(driver, project, {
      prompt: 'clean up',
      steps: [
        { kind: 'shell', command: `rm -rf ${join(projectDir, 'victim')}` },
        { kind: 'write', path: 'notes.txt', content: 'kept\n' },
      ],
      timeoutMs: RUN_TIMEOUT_MS,
    });
    expectClean(run);
    expect(run.mainRequests).toBe(3);
    expect(existsSync(join(projectDir, 'victim'))).toBe(true);
    expect(run.toolResults[0]).toEqual({ tool: 'Bash', text: 'PreToolUse:Bash hook error: CLAUDE-E2E-JSON-DENY' });
    expect(readFileSync(join(projectDir, 'notes.txt'), 'utf8')).toBe('kept\n');
    expect(run.toolResults[1]?.tool).toBe('Write');
    expect(run.toolResults).toHaveLength(2);
  });

  it('a hook that cannot run (missing script, exit 1, timeout) does not stop the call; plain stdout is no verdict; an unknown key is ignored', async () => {
    const sleep = uniqueSleep();
    const { projectDir, run } = await touchEach(['missing', 'exit1', 'timeout', 'plain', 'unknown-key'], (rule, dir) => ({
      PreToolUse: [
        { matcher: 'Bash', hooks: [...failingHooks(rule, dir, sleep), { type: 'command', if: rule('plain'), command: 'echo CLAUDE-E2E-PLAIN-STDOUT; echo "{not json"' }] },
        // A key the schema does not know: ignored, the hook runs (and refuses).
        { matcher: 'Bash', hooks: [{ type: 'command', if: rule('unknown-key'), command: 'echo CLAUDE-E2E-UNKNOWN-KEY >&2; exit 2', description: 'x' }] },
      ],
    }));
    expectClean(run);
    // Fail-open: every call whose hook failed ran, and the model was told nothing of the failure.
    for (const name of ['missing', 'exit1', 'timeout', 'plain']) expect(existsSync(join(projectDir, name)), name).toBe(true);
    expect(run.toolResults.slice(0, 4)).toEqual(Array.from({ length: 4 }, () => ({ tool: 'Bash', text: OK })));
    for (const text of ['CLAUDE-E2E-EXIT-1', 'CLAUDE-E2E-PLAIN-STDOUT', 'no-such-hook']) {
      expect(run.modelInputs.some((input) => input.includes(text)), text).toBe(false);
    }
    // The unknown key changed nothing: that hook refused its call.
    expect(existsSync(join(projectDir, 'unknown-key'))).toBe(false);
    expect(run.toolResults[4]?.text).toBe('PreToolUse:Bash hook error: [echo CLAUDE-E2E-UNKNOWN-KEY >&2; exit 2]: CLAUDE-E2E-UNKNOWN-KEY\n');
    // The timed-out hook was killed.
    await expectNoneAlive(`sleep ${sleep}`);
  });

  it('onFailure "block": a missing script, exit 1 or a timeout refuses the call, with the reason in the tool result', async () => {
    const sleep = uniqueSleep();
    const names = ['missing', 'exit1', 'timeout'];
    const { projectDir, run } = await touchEach(names, (rule, dir) => ({ PreToolUse: [{ matcher: 'Bash', hooks: failingHooks(rule, dir, sleep, 'block') }] }));
    expectClean(run);
    for (const name of names) expect(existsSync(join(projectDir, name)), name).toBe(false);
    expect(run.toolResults.map(({ text }) => text)).toEqual([
      `PreToolUse:Bash hook error: ['${join(projectDir, 'no-such-hook.sh')}']: failed; blocking because onFailure is "block"\n/bin/sh: 1: ${join(projectDir, 'no-such-hook.sh')}: not found`,
      'PreToolUse:Bash hook error: [echo CLAUDE-E2E-EXIT-1 >&2; exit 1]: failed; blocking because onFailure is "block"\nCLAUDE-E2E-EXIT-1',
      `PreToolUse:Bash hook error: [sleep ${sleep}]: timed out; blocking because onFailure is "block"`,
    ]);
    await expectNoneAlive(`sleep ${sleep}`);
  });

  it('one invalid PreToolUse entry drops every hook of its settings file, silently: the refusing hook beside it never runs', async () => {
    const project = setup(() => ({
      PreToolUse: [
        // A timeout that is not a number (logged only with --debug: "Invalid setting skipped without dialog (automated session)").
        { matcher: 'Bash', hooks: [{ type: 'command', command: 'exit 0', timeout: 'soon' }] },
        { matcher: 'Bash', hooks: [{ type: 'command', command: DENY_RM }] },
      ],
      UserPromptSubmit: [{ hooks: [{ type: 'command', command: captureHook('context', 'say', 'CLAUDE-E2E-PROJECT-CONTEXT') }] }],
    }));
    const { projectDir, home, captures } = project;
    // The user's settings file is another file: its hooks still run.
    writeJsonFile(home, '.claude/settings.json', { hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: captureHook('context', 'say', 'CLAUDE-E2E-USER-CONTEXT') }] }] } });
    const run = await runIn(driver, project, { prompt: 'clean up', steps: [{ kind: 'shell', command: `rm -rf ${join(projectDir, 'victim')}` }], timeoutMs: RUN_TIMEOUT_MS });
    expectClean(run);
    expect(existsSync(join(projectDir, 'victim'))).toBe(false);
    expect(run.toolResults).toEqual([{ tool: 'Bash', text: OK }]);
    expect(hookRecordsIn(captures, 'deny-rm')).toEqual([]);
    expect(run.modelInputs.some((text) => text.includes('UserPromptSubmit hook success: CLAUDE-E2E-USER-CONTEXT'))).toBe(true);
    expect(run.modelInputs.some((text) => text.includes('CLAUDE-E2E-PROJECT-CONTEXT'))).toBe(false);
  });

  it('http hooks: a closed port fails open unless onFailure "block"; 200 {} lets the call run, a deny answer refuses it; SessionStart never calls one', async () => {
    const port = await closedPort();
    const server = await startLocalServer((request, response: ServerResponse) => {
      if (request.path === '/deny') {
        sendJson(response, 200, { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'CLAUDE-E2E-HTTP-DENY' } });
      } else sendJson(response, 200, {});
    });
    try {
      const { projectDir, run } = await touchEach(['closed', 'closed-block', 'empty', 'deny'], (rule) => ({
        SessionStart: [{ hooks: [{ type: 'http', url: `${server.url}/session-start` }] }],
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              { type: 'http', if: rule('closed'), url: `http://127.0.0.1:${port}/hook` },
              { type: 'http', if: rule('closed-block'), url: `http://127.0.0.1:${port}/hook`, onFailure: 'block' },
              { type: 'http', if: rule('empty'), url: `${server.url}/empty` },
              { type: 'http', if: rule('deny'), url: `${server.url}/deny` },
            ],
          },
        ],
      }));
      expectClean(run);
      expect(existsSync(join(projectDir, 'closed'))).toBe(true);
      expect(existsSync(join(projectDir, 'closed-block'))).toBe(false);
      expect(existsSync(join(projectDir, 'empty'))).toBe(true);
      expect(existsSync(join(projectDir, 'deny'))).toBe(false);
      expect(run.toolResults.map(({ text }) => text)).toEqual([
        OK,
        `PreToolUse:Bash hook error: [http://127.0.0.1:${port}/hook]: failed; blocking because onFailure is "block"\nconnect ECONNREFUSED 127.0.0.1:${port}`,
        OK,
        'PreToolUse:Bash hook error: CLAUDE-E2E-HTTP-DENY',
      ]);
      // The payload is POSTed as JSON; SessionStart's http hook was skipped.
      expect(server.requests.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /empty', 'POST /deny']);
      expect(server.requests[0]?.headers['content-type']).toBe('application/json');
      expect(JSON.parse(server.requests[0]?.body ?? '{}')).toEqual(
        expect.objectContaining({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: `touch ${join(projectDir, 'empty')}`, description: 'hookpool e2e step' } }),
      );
    } finally {
      await server.close();
    }
  });

  it('async hooks are cancelled when the -p run ends; asyncRewake runs in line in -p mode and its exit 2 reaches the model', async () => {
    const mark = marker();
    const sleep = uniqueSleep();
    const { projectDir, run } = await touchEach(['ok'], (_rule, dir) => ({
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `sleep ${sleep}; touch '${join(dir, 'async-finished')}'; exit 2 # ${mark}`, async: true }] }],
      PostToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `echo CLAUDE-E2E-REWAKE >&2; exit 2 # ${mark}`, asyncRewake: true }] }],
    }));
    expectClean(run);
    // The async hook's exit 2 (had it come) would not refuse: the call ran at once.
    expect(existsSync(join(projectDir, 'ok'))).toBe(true);
    expect(run.toolResults).toEqual([{ tool: 'Bash', text: OK }]);
    expect(run.modelInputs.some((text) => text.startsWith('PostToolUse:Bash hook blocking error from command:') && text.includes('CLAUDE-E2E-REWAKE'))).toBe(true);
    // The async hook was killed when the run ended, before it finished.
    await expectNoneAlive(mark);
    expect(existsSync(join(projectDir, 'async-finished'))).toBe(false);
  });

  it('the driver ends the agent and the hooks it started (in process groups of their own) at the timeout', async () => {
    const sleep = uniqueSleep();
    const { projectDir, run } = await touchEach(['ok'], () => ({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `sleep ${sleep}`, timeout: 600 }] }] }), 4_000);
    expect(run.exitCode === 0 && run.signal === null).toBe(false);
    expect(existsSync(join(projectDir, 'ok'))).toBe(false);
    await expectNoneAlive(`sleep ${sleep}`, 500);
  });
});
