// The scene of the tests that configure an agent's own hook system directly (*-direct.test.ts):
// a fresh project with a `victim` folder, a home, a folder the capture hooks (fixtures/capture.sh)
// write to; and the two runs each agent's tests make: the clean-up run (`rm -rf victim` for a hook
// to refuse, `touch ok` and a file write that must run) and the run of a failure-mode hook.
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import { tempDir } from '../../helpers/temp-dirs.js';
import type { AgentDriver, AgentName, AgentRun, AgentRunOptions, ModelStep } from './driver.js';

export interface DirectProject {
  readonly projectDir: string;
  readonly home: string;
  /** $CAPTURE_DIR of the run: where capture.sh keeps each call (harness/hook-captures.ts reads it). */
  readonly captures: string;
}

/** A fresh project (its real path: the agents report real paths) with a `victim` folder, a home, and the captures folder in the project. */
export function directProject(agent: AgentName): DirectProject {
  const projectDir = realpathSync(tempDir(`${agent}-project`));
  const home = tempDir(`${agent}-home`);
  const captures = join(projectDir, 'captures');
  mkdirSync(captures);
  mkdirSync(join(projectDir, 'victim'));
  return { projectDir, home, captures };
}

/** Writes `content` as JSON to `path` below `root` (a settings or hooks file), making its folder. */
export function writeJsonFile(root: string, path: string, content: unknown): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), JSON.stringify(content, null, 2));
}

/** Runs the agent in the project, with CAPTURE_DIR (and `env`) in its environment. */
export function runIn(driver: AgentDriver, { projectDir, home, captures }: DirectProject, run: Omit<AgentRunOptions, 'projectDir' | 'home'>): Promise<AgentRun> {
  return driver.run({ ...run, projectDir, home, env: { CAPTURE_DIR: captures, ...run.env } });
}

// ---------------------------------------------------------------------------------------------
// The clean-up run.

/** What the clean-up run's write puts in written.txt. */
export const WRITTEN_TEXT = 'hello from the mock\n';
/** A variable of the test's own with a secret's name, in the environment of the clean-up run: does it reach the hooks? */
export const FOO_API_KEY = 'not-a-secret';

/**
 * Runs `rm -rf victim`, `touch ok` and a write of written.txt, with FOO_API_KEY in the
 * environment, and checks the outcome every agent must show: exit 0; the victim still there (a
 * hook refused rm -rf); `touch ok` and the write ran; one tool result per call, for `tools` (the
 * agent's names of its shell, shell and file-write tools).
 */
export async function cleanUpRun(driver: AgentDriver, project: DirectProject, tools: readonly string[], timeoutMs: number): Promise<AgentRun> {
  const { projectDir } = project;
  const steps: ModelStep[] = [
    { kind: 'shell', command: `rm -rf ${join(projectDir, 'victim')}` },
    { kind: 'shell', command: `touch ${join(projectDir, 'ok')}` },
    { kind: 'write', path: join(projectDir, 'written.txt'), content: WRITTEN_TEXT },
  ];
  const run = await runIn(driver, project, { env: { FOO_API_KEY }, prompt: 'clean up the project', steps, timeoutMs });
  expect(run.exitCode, `stderr: ${run.stderr}\nstdout: ${run.stdout}`).toBe(0);
  expect(run.signal).toBeNull();
  expect(existsSync(join(projectDir, 'victim'))).toBe(true);
  expect(existsSync(join(projectDir, 'ok'))).toBe(true);
  expect(readFileSync(join(projectDir, 'written.txt'), 'utf8')).toBe(WRITTEN_TEXT);
  expect(run.toolResults.map(({ tool }) => tool)).toEqual(tools);
  return run;
}

// ---------------------------------------------------------------------------------------------
// The run of a failure-modes.sh hook (fixtures/<agent>/).

/** Where the call of a failure mode leaves its mark when it runs: `ran-<mode>` in the project. */
export function ranFile(projectDir: string, mode: string): string {
  return join(projectDir, `ran-${mode}`);
}

export interface FailureModes {
  /** The words that tell failure-modes.sh how to misbehave, one shell call each. */
  readonly modes: readonly string[];
  /** The unique duration of a `sleep` a last shell call leaves running in the background (for the driver to end). */
  readonly background: string;
  /** The agent's names of its shell and file-write tools. */
  readonly tools: { readonly shell: string; readonly write: string };
  readonly timeoutMs: number;
}

/**
 * Runs per mode a `touch ran-<mode> # mode-<mode>`, a write of written.txt, then `sleep
 * <background> &`; checks the run ended with exit 0 and one tool result per call.
 */
export async function failureModesRun(driver: AgentDriver, project: DirectProject, { modes, background, tools, timeoutMs }: FailureModes): Promise<AgentRun> {
  const steps: ModelStep[] = [
    ...modes.map((mode) => ({ kind: 'shell' as const, command: `touch ${ranFile(project.projectDir, mode)} # mode-${mode}` })),
    { kind: 'write', path: join(project.projectDir, 'written.txt'), content: 'x' },
    { kind: 'shell', command: `sleep ${background} > /dev/null 2>&1 & echo started` },
  ];
  const run = await runIn(driver, project, { prompt: 'touch some files', steps, timeoutMs });
  expect(run.exitCode, run.stderr).toBe(0);
  expect(run.toolResults.map(({ tool }) => tool)).toEqual([...modes.map(() => tools.shell), tools.write, tools.shell]);
  return run;
}
