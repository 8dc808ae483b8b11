// Progress on a terminal: a verb that runs longer than a second shows a spinner on stderr; with
// stderr not a terminal (a pipe, as for agents and scripts) it prints nothing of the kind.
import { execa } from 'execa';
import { quote } from 'shell-quote';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, cliEnvironment, createTempProject, type TempProject } from './cli-harness.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
  await project.write('.hookpool/hooks.json', { hooks: [{ id: 'slow', event: 'Stop', command: 'sleep 1.5; echo done' }] });
  await project.cli(['trust']);
});
afterEach(async () => project.remove());

// A frame, its colour closed when there is colour, and the text.
const SPINNER_FRAME = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏](?:\u001b\[39m)? running hook slow/;

/** Runs the CLI with a pseudo-terminal for stdin, stdout and stderr (util-linux script), as a person's shell would. */
async function inTerminal(args: readonly string[], env: Record<string, string | undefined> = {}): Promise<string> {
  const result = await execa('script', ['-qec', quote(['node', CLI, ...args]), '/dev/null'], {
    cwd: project.dir,
    env: cliEnvironment({ home: project.home, env: { CI: undefined, TERM: 'xterm-256color', ...env } }),
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
  });
  expect(result.exitCode).toBe(0);
  return String(result.stdout);
}

describe('progress', () => {
  it('shows a spinner while hookpool test runs a slow hook on a terminal, then clears it', async () => {
    const screen = await inTerminal(['test', 'slow']);

    expect(screen).toMatch(SPINNER_FRAME);
    expect(screen).toContain('\u001b[36m');
    expect(screen).toMatch(/stdout\s+.*done/);
    // Cleared before the answer is printed, and the cursor shown again.
    expect(screen.lastIndexOf('running hook slow')).toBeLessThan(screen.indexOf('outcome'));
    expect(screen).toContain('\u001b[?25h');
  });

  it('has no colour with NO_COLOR, and prints nothing of the kind when stderr is not a terminal', async () => {
    const noColor = await inTerminal(['test', 'slow'], { NO_COLOR: '1' });
    const piped = await project.cli(['test', 'slow'], { env: { CI: undefined } });

    expect(noColor).toMatch(SPINNER_FRAME);
    expect(noColor).not.toContain('\u001b[36m');
    expect(piped.exitCode).toBe(0);
    expect(piped.stderr).toBe('');
    expect(piped.stdout).not.toMatch(SPINNER_FRAME);
  });
});
