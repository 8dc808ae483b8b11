// The real Gemini CLI, headless against the mock model (agents/gemini.ts), with hooks written
// straight into the project's .gemini/settings.json (plain shell scripts, no hookpool): proves the
// driver and records what Gemini's hook system really does. Findings: /work/notes/agents/gemini.md.
import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectNoneAlive, livingProcesses, marker, uniqueSleep } from '../helpers/processes.js';
import { createGeminiDriver, GEMINI_DUMMY_API_KEY } from './agents/gemini.js';
import { cleanUpRun, directProject, failureModesRun, FOO_API_KEY, ranFile, writeJsonFile, WRITTEN_TEXT, type DirectProject } from './harness/direct-scene.js';
import { agentMissing } from './harness/find-agent.js';
import { captureHook, hookRecordsIn } from './harness/hook-captures.js';

const driver = createGeminiDriver();
const FAILURE_MODES = new URL('./fixtures/gemini/failure-modes.sh', import.meta.url).pathname;
/** One run starts node on a 16 MB bundle and runs every hook through bash: slow on a loaded machine. */
const RUN_TIMEOUT_MS = 90_000;

interface HookCommand {
  readonly type: 'command';
  readonly command: string;
  readonly timeout?: number;
}
interface HookGroup {
  readonly matcher?: string;
  readonly hooks: readonly HookCommand[];
}

/** A fresh project with its hooks in .gemini/settings.json. */
function setup(hooksFor: (projectDir: string) => Record<string, readonly HookGroup[]>): DirectProject {
  const project = directProject('gemini');
  writeJsonFile(project.projectDir, '.gemini/settings.json', { hooks: hooksFor(project.projectDir) });
  return project;
}

/** A capture hook that answers hookSpecificOutput.additionalContext = text. */
function context(text: string): string {
  return captureHook('context', 'say', JSON.stringify({ hookSpecificOutput: { additionalContext: text } }));
}

describe.skipIf(agentMissing(driver))('Gemini CLI hooks, configured directly', () => {
  it('BeforeTool exit 2 refuses rm -rf with the stderr reason; SessionStart, BeforeAgent and AfterTool context reach the model; the hook env', async () => {
    const mark = marker();
    const project = setup(() => ({
      BeforeTool: [
        { matcher: 'run_shell_command', hooks: [{ type: 'command', command: `${captureHook('deny-rm', 'refuse-if-rm', 'GEMINI-E2E-REFUSED: rm -rf is not allowed here')} # ${mark}`, timeout: 10_000 }] },
        { matcher: 'write_file', hooks: [{ type: 'command', command: `${captureHook('before-write')} # ${mark}` }] },
      ],
      AfterTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: context('GEMINI-E2E-AFTER-TOOL-CONTEXT') }] }],
      BeforeAgent: [{ hooks: [{ type: 'command', command: context('GEMINI-E2E-BEFORE-AGENT-CONTEXT') }] }],
      SessionStart: [{ hooks: [{ type: 'command', command: context('GEMINI-E2E-SESSION-START-CONTEXT') }] }],
    }));
    const { projectDir, captures } = project;

    // a. Refused, and the model got the hook's stderr as the tool's error; the next, safe call ran, and so did the write.
    const run = await cleanUpRun(driver, project, ['run_shell_command', 'run_shell_command', 'write_file'], RUN_TIMEOUT_MS);
    expect(run.mainRequests).toBe(4);
    expect(run.toolResults[0]?.text).toBe('Tool execution blocked: GEMINI-E2E-REFUSED: rm -rf is not allowed here');
    expect(run.toolResults[1]?.text).not.toContain('blocked');

    // b. Context: SessionStart's is put before the prompt, BeforeAgent's after it, AfterTool's at the end of the tool result.
    expect(run.modelInputs).toContain('<hook_context>GEMINI-E2E-SESSION-START-CONTEXT</hook_context>\n\nclean up the project');
    expect(run.modelInputs).toContain('<hook_context>GEMINI-E2E-BEFORE-AGENT-CONTEXT</hook_context>');
    expect(run.toolResults[1]?.text).toMatch(/\n\n<hook_context>GEMINI-E2E-AFTER-TOOL-CONTEXT<\/hook_context>$/);
    // The refused call got no AfterTool hook.
    expect(run.toolResults[0]?.text).not.toContain('AFTER-TOOL');

    // The payloads: BeforeTool for the shell tool and for the file-write tool.
    const shellCalls = hookRecordsIn(captures, 'deny-rm');
    expect(shellCalls.map(({ payload }) => payload)).toEqual([
      expect.objectContaining({ hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: `rm -rf ${join(projectDir, 'victim')}` } }),
      expect.objectContaining({ hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: `touch ${join(projectDir, 'ok')}` } }),
    ]);
    const writes = hookRecordsIn(captures, 'before-write');
    expect(writes.map(({ payload }) => payload)).toEqual([
      expect.objectContaining({ hook_event_name: 'BeforeTool', tool_name: 'write_file', tool_input: { file_path: join(projectDir, 'written.txt'), content: WRITTEN_TEXT } }),
    ]);
    const first = shellCalls[0]!;
    expect(Object.keys(first.payload).sort()).toEqual(['cwd', 'hook_event_name', 'session_id', 'timestamp', 'tool_input', 'tool_name', 'transcript_path']);

    // d. The environment: the agent's own (not redacted by default: the API keys are there), plus Gemini's variables.
    const realProject = realpathSync(projectDir);
    const env = first.env;
    expect(env.get('GEMINI_SESSION_ID')).toBe(first.payload.session_id);
    expect(realpathSync(env.get('GEMINI_PROJECT_DIR')!)).toBe(realProject);
    expect(realpathSync(env.get('GEMINI_CWD')!)).toBe(realProject);
    expect(realpathSync(env.get('CLAUDE_PROJECT_DIR')!)).toBe(realProject);
    expect(env.get('GEMINI_PLANS_DIR')).toContain(String(first.payload.session_id));
    expect(env.get('FOO_API_KEY')).toBe(FOO_API_KEY);
    expect(env.get('GEMINI_API_KEY')).toBe(GEMINI_DUMMY_API_KEY);
    expect(env.get('CAPTURE_DIR')).toBe(captures);
    expect([...env.keys()].filter((name) => /ENV_FILE/.test(name))).toEqual([]);
    const sessionStart = hookRecordsIn(captures, 'context').find(({ payload }) => payload.hook_event_name === 'SessionStart');
    expect(sessionStart?.payload).toMatchObject({ source: 'startup', session_id: first.payload.session_id });

    // e. Nothing of the run is left.
    expect(livingProcesses(mark)).toEqual([]);
  }, RUN_TIMEOUT_MS + 10_000);

  it('a hook that cannot answer: exit 1, a timeout and exit 2 without output let the call run; exit 3 and a missing script refuse it', async () => {
    const sleep = uniqueSleep();
    const background = uniqueSleep();
    const project = setup((dir) => ({
      BeforeTool: [
        // Milliseconds: the sleeping hook is stopped (SIGTERM) after 1 s.
        { matcher: 'run_shell_command', hooks: [{ type: 'command', command: `bash '${FAILURE_MODES}' '${sleep}'`, timeout: 1000 }] },
        { matcher: 'write_file', hooks: [{ type: 'command', command: `'${join(dir, 'no-such-hook.sh')}'` }] },
      ],
    }));
    const { projectDir } = project;
    const modes = ['exit1', 'timeout', 'exit2-silent', 'exit3', 'json-deny'];
    // Gemini leaves the background sleep running after it exits (in a process group of its own): the driver ends it.
    const run = await failureModesRun(driver, project, { modes, background, tools: { shell: 'run_shell_command', write: 'write_file' }, timeoutMs: RUN_TIMEOUT_MS });
    const ran = (mode: string): string => ranFile(projectDir, mode);
    const [exit1, timeout, exit2Silent, exit3, jsonDeny, write] = run.toolResults.map(({ text }) => text);
    // Fail-open: exit 1 is a warning, a timeout is a failed hook, exit 2 with nothing to say decides nothing.
    expect(existsSync(ran('exit1'))).toBe(true);
    expect(exit1).not.toContain('blocked');
    expect(run.stderr).toContain('Warning: GEMINI-E2E-EXIT1 hook failed');
    expect(existsSync(ran('timeout'))).toBe(true);
    expect(timeout).not.toContain('blocked');
    expect(run.stderr).toContain('Hook timed out after 1000ms');
    expect(existsSync(ran('exit2-silent'))).toBe(true);
    expect(exit2Silent).not.toContain('blocked');
    // Any exit code but 0 and 1 with text on stdout or stderr refuses, with that text as the reason.
    expect(existsSync(ran('exit3'))).toBe(false);
    expect(exit3).toBe('Tool execution blocked: GEMINI-E2E-EXIT3 hook failed');
    // The documented JSON answer.
    expect(existsSync(ran('json-deny'))).toBe(false);
    expect(jsonDeny).toBe('Tool execution blocked: GEMINI-E2E-JSON-DENY not this one');
    // A missing script: bash exits 127 with "No such file or directory" on stderr, so the call is refused.
    expect(existsSync(join(projectDir, 'written.txt'))).toBe(false);
    expect(write).toMatch(/^Tool execution blocked: bash: .*no-such-hook\.sh: No such file or directory$/);

    // e. The sleeping hook was ended, and nothing else of the run is left.
    expect(run.toolResults[6]?.text).toMatch(/Background PIDs: \d+/);
    await expectNoneAlive(sleep);
    await expectNoneAlive(background);
  }, RUN_TIMEOUT_MS + 10_000);
});
