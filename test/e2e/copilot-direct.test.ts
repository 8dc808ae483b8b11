// The real GitHub Copilot CLI, headless against the mock model (agents/copilot.ts), with hooks
// written straight into the project's .github/hooks/*.json and the user's ~/.copilot/hooks/*.json
// (plain shell scripts, no hookpool): proves the driver and records what Copilot's hook system
// really does. Findings: /work/notes/agents/copilot.md.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp-dirs.js';
import { expectNoneAlive, livingProcesses, uniqueSleep } from '../helpers/processes.js';
import { COPILOT_DUMMY_API_KEY, createCopilotDriver } from './agents/copilot.js';
import { agentsRequired } from './harness/find-agent.js';

const driver = createCopilotDriver();
const FIXTURES = new URL('./fixtures/copilot/', import.meta.url).pathname;
/** A run takes 3-6 s here (a first start in a fresh install unpacks the package: 4 s more). */
const RUN_TIMEOUT_MS = 60_000;

if (driver.binary === null && agentsRequired()) {
  throw new Error('HOOKPOOL_E2E_REQUIRE_AGENTS=1 but copilot is not installed in test/e2e/agents-install');
}

type HookEntry = Readonly<Record<string, unknown>>;
type HooksFile = Readonly<Record<string, unknown>>;

interface Project {
  readonly projectDir: string;
  readonly home: string;
  readonly captures: string;
}

/** A fresh project and home, a folder the capture hook writes to, and the hook files given (path relative to the project or home). */
function setup(files: { project?: Record<string, HooksFile>; home?: Record<string, HooksFile> }): Project {
  const projectDir = tempDir('copilot-project');
  const home = tempDir('copilot-home');
  const captures = join(projectDir, 'captures');
  mkdirSync(captures);
  for (const [root, entries] of [
    [projectDir, files.project ?? {}],
    [home, files.home ?? {}],
  ] as const) {
    for (const [path, content] of Object.entries(entries)) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), JSON.stringify(content, null, 2));
    }
  }
  return { projectDir, home, captures };
}

/** `bash '<fixture>' args...` with the args single-quoted. */
function fixture(script: string, ...args: string[]): string {
  return ['bash', join(FIXTURES, script), ...args].map((word) => `'${word}'`).join(' ');
}

/** A Copilot-format command hook (camelCase events): `bash` is the Unix command, `timeoutSec` in seconds. */
function command(bash: string, extra: HookEntry = {}): HookEntry {
  return { type: 'command', bash, ...extra };
}

/** The payloads the capture hook kept for a label, oldest first, with the environment each got. */
function captured(captures: string, label: string): { payload: Record<string, unknown>; env: Map<string, string> }[] {
  return readdirSync(captures)
    .filter((name) => name.startsWith(`${label}-`) && name.endsWith('.json'))
    .sort()
    .map((name) => {
      const payload = JSON.parse(readFileSync(join(captures, name), 'utf8')) as Record<string, unknown>;
      const env = new Map<string, string>();
      for (const entry of readFileSync(join(captures, name.replace(/\.json$/, '.env')), 'utf8').split('\0')) {
        const at = entry.indexOf('=');
        if (at > 0) env.set(entry.slice(0, at), entry.slice(at + 1));
      }
      return { payload, env };
    });
}

describe.skipIf(driver.binary === null)('GitHub Copilot CLI hooks, configured directly', () => {
  it('preToolUse refuses rm -rf by JSON; sessionStart, userPromptSubmitted and postToolUse context reach the model; payloads and hook env', async () => {
    const { projectDir, home, captures } = setup({
      project: {
        '.github/hooks/e2e.json': {
          version: 1,
          hooks: {
            preToolUse: [command(fixture('capture.sh', 'deny-rm'), { timeoutSec: 10 })],
            postToolUse: [command(fixture('capture.sh', 'context', 'COPILOT-E2E-POST-TOOL-CONTEXT'))],
            userPromptSubmitted: [command(fixture('capture.sh', 'context', 'COPILOT-E2E-PROMPT-CONTEXT'))],
          },
        },
      },
      // User-level hooks: ~/.copilot/hooks/*.json, loaded without any trust.
      home: { '.copilot/hooks/e2e.json': { version: 1, hooks: { sessionStart: [command(fixture('capture.sh', 'context', 'COPILOT-E2E-SESSION-START-CONTEXT'))] } } },
    });
    mkdirSync(join(projectDir, 'victim'));

    const run = await driver.run({
      projectDir,
      home,
      env: { CAPTURE_DIR: captures, FOO_API_KEY: 'not-a-secret' },
      prompt: 'clean up the project',
      steps: [
        { kind: 'shell', command: `rm -rf ${join(projectDir, 'victim')}` },
        { kind: 'shell', command: `touch ${join(projectDir, 'ok')}` },
        { kind: 'write', path: join(projectDir, 'written.txt'), content: 'hello from the mock\n' },
      ],
      timeoutMs: RUN_TIMEOUT_MS,
    });

    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.mainRequests).toBe(4);
    // a. Refused: the folder is still there, and the model got the reason as the tool result.
    expect(existsSync(join(projectDir, 'victim'))).toBe(true);
    expect(run.toolResults[0]).toEqual({ tool: 'bash', text: 'Denied by preToolUse hook: COPILOT-E2E-REFUSED: rm -rf is not allowed here' });
    // The next, safe call ran, and so did the write.
    expect(existsSync(join(projectDir, 'ok'))).toBe(true);
    expect(run.toolResults[1]?.tool).toBe('bash');
    expect(run.toolResults[1]?.text).toMatch(/^\n<shellId: \d+ completed with exit code 0>/);
    expect(readFileSync(join(projectDir, 'written.txt'), 'utf8')).toBe('hello from the mock\n');
    expect(run.toolResults[2]?.tool).toBe('create');
    expect(run.toolResults).toHaveLength(3);

    // b. Context: sessionStart's is a user message of its own, userPromptSubmitted's is a system
    // reminder after the prompt, postToolUse's is appended to the tool result.
    expect(run.modelInputs).toContain('COPILOT-E2E-SESSION-START-CONTEXT');
    expect(run.modelInputs.some((text) => /\n\nclean up the project\n\n<system_reminder>\nCOPILOT-E2E-PROMPT-CONTEXT\n<\/system_reminder>$/.test(text))).toBe(true);
    expect(run.toolResults[1]?.text).toMatch(/\n\nTool "bash" succeeded\. Additional guidance from postToolUse hooks:\nCOPILOT-E2E-POST-TOOL-CONTEXT$/);
    // The refused call got no postToolUse hook.
    expect(run.toolResults[0]?.text).not.toContain('POST-TOOL');

    // The payloads: camelCase, toolArgs an object (not a JSON string), for the shell and the file-create tool.
    const preCalls = captured(captures, 'deny-rm').map(({ payload }) => payload);
    expect(preCalls).toEqual([
      expect.objectContaining({ toolName: 'bash', toolArgs: { command: `rm -rf ${join(projectDir, 'victim')}`, description: 'Run the command' } }),
      expect.objectContaining({ toolName: 'bash', toolArgs: { command: `touch ${join(projectDir, 'ok')}`, description: 'Run the command' } }),
      expect.objectContaining({ toolName: 'create', toolArgs: { path: join(projectDir, 'written.txt'), file_text: 'hello from the mock\n' } }),
    ]);
    const first = captured(captures, 'deny-rm')[0]!;
    expect(Object.keys(first.payload).sort()).toEqual(['cwd', 'sessionId', 'timestamp', 'toolArgs', 'toolName']);
    expect(first.payload.cwd).toBe(projectDir);
    expect(typeof first.payload.timestamp).toBe('number');
    const contexts = captured(captures, 'context').map(({ payload }) => payload);
    expect(contexts.find((payload) => 'source' in payload)).toEqual({ sessionId: first.payload.sessionId, timestamp: expect.any(Number), cwd: projectDir, source: 'new', initialPrompt: 'clean up the project' });
    expect(contexts.find((payload) => 'prompt' in payload)).toEqual({ sessionId: first.payload.sessionId, timestamp: expect.any(Number), cwd: projectDir, prompt: 'clean up the project' });
    expect(contexts.find((payload) => 'toolResult' in payload)).toMatchObject({ toolName: 'bash', toolResult: { resultType: 'success' } });

    // d. The environment: the agent's own minus its provider settings and known API keys, plus
    // COPILOT_PROJECT_DIR / CLAUDE_PROJECT_DIR / COPILOT_HOOK_DIR / COPILOT_CLI. No session id variable.
    const env = first.env;
    expect(env.get('COPILOT_PROJECT_DIR')).toBe(projectDir);
    expect(env.get('CLAUDE_PROJECT_DIR')).toBe(projectDir);
    expect(env.get('COPILOT_HOOK_DIR')).toBe(join(projectDir, '.github', 'hooks'));
    expect(env.get('COPILOT_CLI')).toBe('1');
    expect(env.get('FOO_API_KEY')).toBe('not-a-secret');
    expect(env.get('CAPTURE_DIR')).toBe(captures);
    expect(env.get('HOME')).toBe(home);
    for (const name of ['COPILOT_PROVIDER_API_KEY', 'COPILOT_PROVIDER_BASE_URL', 'COPILOT_PROVIDER_TYPE', 'COPILOT_OFFLINE']) expect(env.has(name), name).toBe(false);
    expect([...env.values()]).not.toContain(COPILOT_DUMMY_API_KEY);
    expect([...env.values()]).not.toContain(first.payload.sessionId);
    expect([...env.keys()].filter((name) => /ENV_FILE|SESSION/.test(name))).toEqual([]);
    // The user-level hook gets its own folder as COPILOT_HOOK_DIR.
    const sessionStart = captured(captures, 'context').find(({ payload }) => 'source' in payload)!;
    expect(sessionStart.env.get('COPILOT_HOOK_DIR')).toBe(join(home, '.copilot', 'hooks'));

    // e. Nothing of the run is left.
    expect(livingProcesses(FIXTURES)).toEqual([]);
  }, RUN_TIMEOUT_MS + 10_000);

  it('Claude-style PascalCase config: snake_case payload with Claude tool names, hookSpecificOutput deny, a Stop hook that blocks once', async () => {
    const { projectDir, home, captures } = setup({
      project: {
        '.github/hooks/claude-form.json': {
          hooks: {
            PreToolUse: [
              { matcher: 'Bash', hooks: [{ type: 'command', command: fixture('capture.sh', 'deny-rm-claude'), timeout: 10 }] },
              { matcher: 'Write', hooks: [{ type: 'command', command: fixture('capture.sh', 'pre-write-claude') }] },
            ],
            Stop: [{ hooks: [{ type: 'command', command: fixture('capture.sh', 'block-stop', 'COPILOT-E2E-KEEP-GOING') }] }],
          },
        },
      },
    });
    mkdirSync(join(projectDir, 'victim'));

    const run = await driver.run({
      projectDir,
      home,
      env: { CAPTURE_DIR: captures },
      prompt: 'clean up',
      steps: [
        { kind: 'shell', command: `rm -rf ${join(projectDir, 'victim')}` },
        { kind: 'write', path: join(projectDir, 'written.txt'), content: 'x' },
        { kind: 'text', text: 'finished' },
      ],
      timeoutMs: RUN_TIMEOUT_MS,
    });

    expect(run.exitCode, run.stderr).toBe(0);
    expect(existsSync(join(projectDir, 'victim'))).toBe(true);
    expect(run.toolResults[0]).toEqual({ tool: 'bash', text: 'Denied by preToolUse hook: COPILOT-E2E-CLAUDE-FORM-REFUSED' });
    expect(run.toolResults[1]?.tool).toBe('create');
    expect(readFileSync(join(projectDir, 'written.txt'), 'utf8')).toBe('x');
    const [shell] = captured(captures, 'deny-rm-claude').map(({ payload }) => payload);
    expect(shell).toEqual({
      hook_event_name: 'PreToolUse',
      session_id: expect.any(String),
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      cwd: projectDir,
      tool_name: 'Bash',
      tool_input: { command: `rm -rf ${join(projectDir, 'victim')}`, description: 'Run the command' },
    });
    const [write] = captured(captures, 'pre-write-claude').map(({ payload }) => payload);
    expect(write).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { path: join(projectDir, 'written.txt'), file_text: 'x' } });
    // The Stop hook blocked once: its reason went to the model as a new user turn, one more main request.
    expect(run.mainRequests).toBe(4);
    expect(run.modelInputs.some((text) => text.endsWith('\n\nCOPILOT-E2E-KEEP-GOING'))).toBe(true);
    const stops = captured(captures, 'block-stop').map(({ payload }) => payload);
    expect(stops.map((payload) => payload.stop_hook_active)).toEqual([false, true]);
    expect(stops[0]).toMatchObject({ hook_event_name: 'Stop', stop_reason: 'end_turn', transcript_path: expect.stringContaining(join(home, '.copilot', 'session-state')) });
  }, RUN_TIMEOUT_MS + 10_000);

  it('a hook that cannot answer: exit 1, exit 2 and a missing script refuse the call; a timeout or unparsable output let it run', async () => {
    const sleep = uniqueSleep();
    const background = uniqueSleep();
    const { projectDir, home } = setup({
      project: {
        '.github/hooks/failures.json': {
          version: 1,
          hooks: {
            preToolUse: [
              // Seconds: the sleeping hook is killed after 1 s.
              command(fixture('failure-modes.sh', sleep), { matcher: 'bash', timeoutSec: 1 }),
              command(`'${join(FIXTURES, 'no-such-hook.sh')}'`, { matcher: 'create' }),
            ],
          },
        },
      },
    });
    const ran = (mode: string): string => join(projectDir, `ran-${mode}`);
    const modes = ['exit1', 'exit2', 'exit2-json', 'deny-exit1', 'ask', 'garbage', 'timeout'] as const;

    const run = await driver.run({
      projectDir,
      home,
      prompt: 'touch some files',
      steps: [
        ...modes.map((mode) => ({ kind: 'shell' as const, command: `touch ${ran(mode)} # mode-${mode}` })),
        { kind: 'write', path: join(projectDir, 'written.txt'), content: 'x' },
        // A shell call's background process outlives the agent (each command runs in a session of its own): the driver ends it.
        { kind: 'shell', command: `sleep ${background} > /dev/null 2>&1 & echo started` },
      ],
      timeoutMs: RUN_TIMEOUT_MS,
    });

    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.toolResults.map(({ tool }) => tool)).toEqual([...modes.map(() => 'bash'), 'create', 'bash']);
    const [exit1, exit2, exit2Json, denyExit1, ask, garbage, timeout, write] = run.toolResults.map(({ text }) => text);
    // Fail-closed: any exit code but 0 refuses; the text on stderr does not reach the model, and
    // with exit 1 the JSON on stdout is ignored too.
    const errored = 'Denied by preToolUse hook from ".github/hooks/failures.json" (hook errored)';
    expect(existsSync(ran('exit1'))).toBe(false);
    expect(exit1).toBe(errored);
    expect(existsSync(ran('exit2'))).toBe(false);
    expect(exit2).toBe('Denied by preToolUse hook: hook exited with code 2');
    // Exit 2 with a JSON answer: its reason is used.
    expect(existsSync(ran('exit2-json'))).toBe(false);
    expect(exit2Json).toBe('Denied by preToolUse hook: COPILOT-E2E-EXIT2-JSON');
    expect(existsSync(ran('deny-exit1'))).toBe(false);
    expect(denyExit1).toBe(errored);
    // "ask" in prompt mode: nobody can approve, so it is refused.
    expect(existsSync(ran('ask'))).toBe(false);
    expect(ask).toBe('Denied by preToolUse hook (unable to ask user for confirmation): COPILOT-E2E-ASK');
    // Fail-open: unparsable output on exit 0 decides nothing; a timed-out hook is killed and the call runs.
    expect(existsSync(ran('garbage'))).toBe(true);
    expect(garbage).not.toContain('Denied');
    expect(existsSync(ran('timeout'))).toBe(true);
    expect(timeout).not.toContain('Denied');
    // A missing script (bash exits 127) is an error like exit 1: refused.
    expect(existsSync(join(projectDir, 'written.txt'))).toBe(false);
    expect(write).toBe(errored);

    // e. The sleeping hook was killed by Copilot, the background sleep by the driver; nothing is left.
    expect(run.toolResults[8]?.text).toMatch(/^started\n/);
    await expectNoneAlive(sleep);
    await expectNoneAlive(background);
    expect(livingProcesses(FIXTURES)).toEqual([]);
  }, RUN_TIMEOUT_MS + 10_000);
});
