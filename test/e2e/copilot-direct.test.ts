// The real GitHub Copilot CLI, headless against the mock model (agents/copilot.ts), with hooks
// written straight into the project's .github/hooks/*.json and the user's ~/.copilot/hooks/*.json
// (plain shell scripts, no hookpool): proves the driver and records what Copilot's hook system
// really does. Findings: /work/notes/agents/copilot.md.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectNoneAlive, livingProcesses, uniqueSleep } from '../helpers/processes.js';
import { COPILOT_DUMMY_API_KEY, createCopilotDriver } from './agents/copilot.js';
import { cleanUpRun, directProject, failureModesRun, FOO_API_KEY, ranFile, runIn, writeJsonFile, WRITTEN_TEXT } from './harness/direct-scene.js';
import { runProcesses } from './harness/end-run.js';
import { agentMissing } from './harness/find-agent.js';
import { captureHook, hookRecordsIn } from './harness/hook-captures.js';

const driver = createCopilotDriver();
const FIXTURES = new URL('./fixtures/copilot/', import.meta.url).pathname;
/** A run takes 3-6 s here (a first start in a fresh install unpacks the package: 4 s more). */
const RUN_TIMEOUT_MS = 60_000;

type HookEntry = Readonly<Record<string, unknown>>;

/** A Copilot-format command hook (camelCase events): `bash` is the Unix command, `timeoutSec` in seconds. */
function command(bash: string, extra: HookEntry = {}): HookEntry {
  return { type: 'command', bash, ...extra };
}

/** A capture hook that answers {"additionalContext": text}. */
function context(text: string): string {
  return captureHook('context', 'say', JSON.stringify({ additionalContext: text }));
}

describe.skipIf(agentMissing(driver))('GitHub Copilot CLI hooks, configured directly', () => {
  it('preToolUse refuses rm -rf by JSON; sessionStart, userPromptSubmitted and postToolUse context reach the model; payloads and hook env', async () => {
    const project = directProject('copilot');
    const { projectDir, home, captures } = project;
    const denyRm = JSON.stringify({ permissionDecision: 'deny', permissionDecisionReason: 'COPILOT-E2E-REFUSED: rm -rf is not allowed here' });
    writeJsonFile(projectDir, '.github/hooks/e2e.json', {
      version: 1,
      hooks: {
        preToolUse: [command(captureHook('deny-rm', 'say-if-rm', denyRm), { timeoutSec: 10 })],
        postToolUse: [command(context('COPILOT-E2E-POST-TOOL-CONTEXT'))],
        userPromptSubmitted: [command(context('COPILOT-E2E-PROMPT-CONTEXT'))],
      },
    });
    // User-level hooks: ~/.copilot/hooks/*.json, loaded without any trust.
    writeJsonFile(home, '.copilot/hooks/e2e.json', { version: 1, hooks: { sessionStart: [command(context('COPILOT-E2E-SESSION-START-CONTEXT'))] } });

    // a. Refused, and the model got the reason as the tool result; the next, safe call ran, and so did the write.
    const run = await cleanUpRun(driver, project, ['bash', 'bash', 'create'], RUN_TIMEOUT_MS);
    expect(run.mainRequests).toBe(4);
    expect(run.toolResults[0]?.text).toBe('Denied by preToolUse hook: COPILOT-E2E-REFUSED: rm -rf is not allowed here');
    expect(run.toolResults[1]?.text).toMatch(/^\n<shellId: \d+ completed with exit code 0>/);

    // b. Context: sessionStart's is a user message of its own, userPromptSubmitted's is a system
    // reminder after the prompt, postToolUse's is appended to the tool result.
    expect(run.modelInputs).toContain('COPILOT-E2E-SESSION-START-CONTEXT');
    expect(run.modelInputs.some((text) => /\n\nclean up the project\n\n<system_reminder>\nCOPILOT-E2E-PROMPT-CONTEXT\n<\/system_reminder>$/.test(text))).toBe(true);
    expect(run.toolResults[1]?.text).toMatch(/\n\nTool "bash" succeeded\. Additional guidance from postToolUse hooks:\nCOPILOT-E2E-POST-TOOL-CONTEXT$/);
    // The refused call got no postToolUse hook.
    expect(run.toolResults[0]?.text).not.toContain('POST-TOOL');

    // The payloads: camelCase, toolArgs an object (not a JSON string), for the shell and the file-create tool.
    const preCalls = hookRecordsIn(captures, 'deny-rm').map(({ payload }) => payload);
    expect(preCalls).toEqual([
      expect.objectContaining({ toolName: 'bash', toolArgs: { command: `rm -rf ${join(projectDir, 'victim')}`, description: 'Run the command' } }),
      expect.objectContaining({ toolName: 'bash', toolArgs: { command: `touch ${join(projectDir, 'ok')}`, description: 'Run the command' } }),
      expect.objectContaining({ toolName: 'create', toolArgs: { path: join(projectDir, 'written.txt'), file_text: WRITTEN_TEXT } }),
    ]);
    const first = hookRecordsIn(captures, 'deny-rm')[0]!;
    expect(Object.keys(first.payload).sort()).toEqual(['cwd', 'sessionId', 'timestamp', 'toolArgs', 'toolName']);
    expect(first.payload.cwd).toBe(projectDir);
    expect(typeof first.payload.timestamp).toBe('number');
    const contexts = hookRecordsIn(captures, 'context').map(({ payload }) => payload);
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
    expect(env.get('FOO_API_KEY')).toBe(FOO_API_KEY);
    expect(env.get('CAPTURE_DIR')).toBe(captures);
    expect(env.get('HOME')).toBe(home);
    for (const name of ['COPILOT_PROVIDER_API_KEY', 'COPILOT_PROVIDER_BASE_URL', 'COPILOT_PROVIDER_TYPE', 'COPILOT_OFFLINE']) expect(env.has(name), name).toBe(false);
    expect([...env.values()]).not.toContain(COPILOT_DUMMY_API_KEY);
    expect([...env.values()]).not.toContain(first.payload.sessionId);
    expect([...env.keys()].filter((name) => /ENV_FILE|SESSION/.test(name))).toEqual([]);
    // The user-level hook gets its own folder as COPILOT_HOOK_DIR.
    const sessionStart = hookRecordsIn(captures, 'context').find(({ payload }) => 'source' in payload)!;
    expect(sessionStart.env.get('COPILOT_HOOK_DIR')).toBe(join(home, '.copilot', 'hooks'));

    // e. Nothing of the run is left (the capture hooks carry the run's CAPTURE_DIR).
    expect(runProcesses('CAPTURE_DIR', captures)).toEqual([]);
  }, RUN_TIMEOUT_MS + 10_000);

  it('Claude-style PascalCase config: snake_case payload with Claude tool names, hookSpecificOutput deny, a Stop hook that blocks once', async () => {
    const project = directProject('copilot');
    const { projectDir, home, captures } = project;
    const denyRm = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'COPILOT-E2E-CLAUDE-FORM-REFUSED' } });
    writeJsonFile(projectDir, '.github/hooks/claude-form.json', {
      hooks: {
        PreToolUse: [
          { matcher: 'Bash', hooks: [{ type: 'command', command: captureHook('deny-rm-claude', 'say-if-rm', denyRm), timeout: 10 }] },
          { matcher: 'Write', hooks: [{ type: 'command', command: captureHook('pre-write-claude') }] },
        ],
        // Blocks the first Stop only (the second comes with stop_hook_active true).
        Stop: [{ hooks: [{ type: 'command', command: captureHook('block-stop', 'say-once', JSON.stringify({ decision: 'block', reason: 'COPILOT-E2E-KEEP-GOING' })) }] }],
      },
    });

    const run = await runIn(driver, project, {
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
    const [shell] = hookRecordsIn(captures, 'deny-rm-claude').map(({ payload }) => payload);
    expect(shell).toEqual({
      hook_event_name: 'PreToolUse',
      session_id: expect.any(String),
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      cwd: projectDir,
      tool_name: 'Bash',
      tool_input: { command: `rm -rf ${join(projectDir, 'victim')}`, description: 'Run the command' },
    });
    const [write] = hookRecordsIn(captures, 'pre-write-claude').map(({ payload }) => payload);
    expect(write).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { path: join(projectDir, 'written.txt'), file_text: 'x' } });
    // The Stop hook blocked once: its reason went to the model as a new user turn, one more main request.
    expect(run.mainRequests).toBe(4);
    expect(run.modelInputs.some((text) => text.endsWith('\n\nCOPILOT-E2E-KEEP-GOING'))).toBe(true);
    const stops = hookRecordsIn(captures, 'block-stop').map(({ payload }) => payload);
    expect(stops.map((payload) => payload.stop_hook_active)).toEqual([false, true]);
    expect(stops[0]).toMatchObject({ hook_event_name: 'Stop', stop_reason: 'end_turn', transcript_path: expect.stringContaining(join(home, '.copilot', 'session-state')) });
  }, RUN_TIMEOUT_MS + 10_000);

  it('a hook that cannot answer: exit 1, exit 2 and a missing script refuse the call; a timeout or unparsable output let it run', async () => {
    const sleep = uniqueSleep();
    const background = uniqueSleep();
    const project = directProject('copilot');
    const { projectDir } = project;
    writeJsonFile(projectDir, '.github/hooks/failures.json', {
      version: 1,
      hooks: {
        preToolUse: [
          // Seconds: the sleeping hook is killed after 1 s.
          command(`bash '${join(FIXTURES, 'failure-modes.sh')}' '${sleep}'`, { matcher: 'bash', timeoutSec: 1 }),
          command(`'${join(FIXTURES, 'no-such-hook.sh')}'`, { matcher: 'create' }),
        ],
      },
    });
    const modes = ['exit1', 'exit2', 'exit2-json', 'deny-exit1', 'ask', 'garbage', 'timeout'];
    // The background sleep outlives the agent (each command runs in a session of its own): the driver ends it.
    const run = await failureModesRun(driver, project, { modes, background, tools: { shell: 'bash', write: 'create' }, timeoutMs: RUN_TIMEOUT_MS });
    const ran = (mode: string): string => ranFile(projectDir, mode);
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
