// The real Gemini CLI, headless against the mock model (agents/gemini.ts), with hooks written
// straight into the project's .gemini/settings.json (plain shell scripts, no hookpool): proves the
// driver and records what Gemini's hook system really does. Findings: /work/notes/agents/gemini.md.
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp-dirs.js';
import { expectNoneAlive, livingProcesses, marker, uniqueSleep } from '../helpers/processes.js';
import { createGeminiDriver, GEMINI_DUMMY_API_KEY } from './agents/gemini.js';
import { agentsRequired } from './harness/find-agent.js';

const driver = createGeminiDriver();
const FIXTURES = new URL('./fixtures/gemini/', import.meta.url).pathname;
/** One run starts node on a 16 MB bundle and runs every hook through bash: slow on a loaded machine. */
const RUN_TIMEOUT_MS = 90_000;

if (driver.binary === null && agentsRequired()) {
  throw new Error('HOOKPOOL_E2E_REQUIRE_AGENTS=1 but gemini is not installed in test/e2e/agents-install');
}

interface HookCommand {
  readonly type: 'command';
  readonly command: string;
  readonly timeout?: number;
}
interface HookGroup {
  readonly matcher?: string;
  readonly hooks: readonly HookCommand[];
}

/** A fresh project (with its hooks in .gemini/settings.json) and home, and a folder the capture hook writes to. */
function setup(hooksFor: (projectDir: string) => Record<string, readonly HookGroup[]>): { projectDir: string; home: string; captures: string } {
  const projectDir = tempDir('gemini-project');
  const hooks = hooksFor(projectDir);
  const home = tempDir('gemini-home');
  const captures = join(projectDir, 'captures');
  mkdirSync(captures);
  mkdirSync(join(projectDir, '.gemini'));
  writeFileSync(join(projectDir, '.gemini', 'settings.json'), JSON.stringify({ hooks }, null, 2));
  return { projectDir, home, captures };
}

/** `bash '<fixture>' args...` with the args single-quoted. */
function fixture(script: string, ...args: string[]): string {
  return ['bash', join(FIXTURES, script), ...args].map((word) => `'${word}'`).join(' ');
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

describe.skipIf(driver.binary === null)('Gemini CLI hooks, configured directly', () => {
  it('BeforeTool exit 2 refuses rm -rf with the stderr reason; SessionStart, BeforeAgent and AfterTool context reach the model; the hook env', async () => {
    const mark = marker();
    const { projectDir, home, captures } = setup(() => ({
      BeforeTool: [
        { matcher: 'run_shell_command', hooks: [{ type: 'command', command: `${fixture('capture.sh', 'deny-rm')} # ${mark}`, timeout: 10_000 }] },
        { matcher: 'write_file', hooks: [{ type: 'command', command: `${fixture('capture.sh', 'before-write')} # ${mark}` }] },
      ],
      AfterTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: fixture('capture.sh', 'context', 'GEMINI-E2E-AFTER-TOOL-CONTEXT') }] }],
      BeforeAgent: [{ hooks: [{ type: 'command', command: fixture('capture.sh', 'context', 'GEMINI-E2E-BEFORE-AGENT-CONTEXT') }] }],
      SessionStart: [{ hooks: [{ type: 'command', command: fixture('capture.sh', 'context', 'GEMINI-E2E-SESSION-START-CONTEXT') }] }],
    }));
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
    // a. Refused: the folder is still there, and the model got the hook's stderr as the tool's error.
    expect(existsSync(join(projectDir, 'victim'))).toBe(true);
    expect(run.toolResults[0]).toEqual({ tool: 'run_shell_command', text: 'Tool execution blocked: GEMINI-E2E-REFUSED: rm -rf is not allowed here' });
    // The next, safe call ran, and so did the write.
    expect(existsSync(join(projectDir, 'ok'))).toBe(true);
    expect(run.toolResults[1]?.tool).toBe('run_shell_command');
    expect(run.toolResults[1]?.text).not.toContain('blocked');
    expect(readFileSync(join(projectDir, 'written.txt'), 'utf8')).toBe('hello from the mock\n');
    expect(run.toolResults[2]?.tool).toBe('write_file');
    expect(run.toolResults).toHaveLength(3);

    // b. Context: SessionStart's is put before the prompt, BeforeAgent's after it, AfterTool's at the end of the tool result.
    expect(run.modelInputs).toContain('<hook_context>GEMINI-E2E-SESSION-START-CONTEXT</hook_context>\n\nclean up the project');
    expect(run.modelInputs).toContain('<hook_context>GEMINI-E2E-BEFORE-AGENT-CONTEXT</hook_context>');
    expect(run.toolResults[1]?.text).toMatch(/\n\n<hook_context>GEMINI-E2E-AFTER-TOOL-CONTEXT<\/hook_context>$/);
    // The refused call got no AfterTool hook.
    expect(run.toolResults[0]?.text).not.toContain('AFTER-TOOL');

    // The payloads: BeforeTool for the shell tool and for the file-write tool.
    const shellCalls = captured(captures, 'deny-rm');
    expect(shellCalls.map(({ payload }) => payload)).toEqual([
      expect.objectContaining({ hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: `rm -rf ${join(projectDir, 'victim')}` } }),
      expect.objectContaining({ hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: `touch ${join(projectDir, 'ok')}` } }),
    ]);
    const writes = captured(captures, 'before-write');
    expect(writes.map(({ payload }) => payload)).toEqual([
      expect.objectContaining({ hook_event_name: 'BeforeTool', tool_name: 'write_file', tool_input: { file_path: join(projectDir, 'written.txt'), content: 'hello from the mock\n' } }),
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
    expect(env.get('FOO_API_KEY')).toBe('not-a-secret');
    expect(env.get('GEMINI_API_KEY')).toBe(GEMINI_DUMMY_API_KEY);
    expect(env.get('CAPTURE_DIR')).toBe(captures);
    expect([...env.keys()].filter((name) => /ENV_FILE/.test(name))).toEqual([]);
    const sessionStart = captured(captures, 'context').find(({ payload }) => payload.hook_event_name === 'SessionStart');
    expect(sessionStart?.payload).toMatchObject({ source: 'startup', session_id: first.payload.session_id });

    // e. Nothing of the run is left.
    expect(livingProcesses(mark)).toEqual([]);
  }, RUN_TIMEOUT_MS + 10_000);

  it('a hook that cannot answer: exit 1, a timeout and exit 2 without output let the call run; exit 3 and a missing script refuse it', async () => {
    const sleep = uniqueSleep();
    const background = uniqueSleep();
    const { projectDir, home } = setup((project) => ({
      BeforeTool: [
        // Milliseconds: the sleeping hook is stopped (SIGTERM) after 1 s.
        { matcher: 'run_shell_command', hooks: [{ type: 'command', command: fixture('failure-modes.sh', sleep), timeout: 1000 }] },
        { matcher: 'write_file', hooks: [{ type: 'command', command: `'${join(project, 'no-such-hook.sh')}'` }] },
      ],
    }));
    const ran = (mode: string): string => join(projectDir, `ran-${mode}`);
    const modes = ['exit1', 'timeout', 'exit2-silent', 'exit3', 'json-deny'] as const;

    const run = await driver.run({
      projectDir,
      home,
      prompt: 'touch some files',
      steps: [
        ...modes.map((mode) => ({ kind: 'shell' as const, command: `touch ${ran(mode)} # mode-${mode}` })),
        { kind: 'write', path: join(projectDir, 'written.txt'), content: 'x' },
        // Gemini leaves a shell call's background process running after it exits (in a process group of its own): the driver ends it.
        { kind: 'shell', command: `sleep ${background} > /dev/null 2>&1 & echo started` },
      ],
      timeoutMs: RUN_TIMEOUT_MS,
    });

    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.toolResults.map(({ tool }) => tool)).toEqual([...modes.map(() => 'run_shell_command'), 'write_file', 'run_shell_command']);
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
