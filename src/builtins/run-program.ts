// Runs one program for a built-in (git, a formatter, a sound player) and reports how it ended;
// a failure to start or a non-zero exit is a result, never a throw. The program leads its own
// process group, and that group is killed when the hook is aborted, on timeout, and once the
// program exits (whatever it left running in the background), so nothing outlives the hook.
import { spawn } from 'node:child_process';
import { signalGroup } from '../run/process-group.js';

/** How a program ended: `code` null when it could not start or was killed. */
export interface ProgramResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Options for one run; `env` replaces the environment (the hook's, secrets removed). */
export interface RunProgramOptions {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
}

// Enough for git's output on one commit; a formatter's complaints beyond this are cut.
const MAX_OUTPUT_CHARS = 256 * 1024;

/** Runs `file` with `args` (no shell) and resolves once it and its process group are done. */
export function runProgram(file: string, args: readonly string[], options: RunProgramOptions): Promise<ProgramResult> {
  return new Promise((resolve) => {
    const output = { stdout: '', stderr: '' };
    const child = spawn(file, args, { cwd: options.cwd, env: { ...options.env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const killGroup = () => {
      if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
    };
    const timer = setTimeout(killGroup, options.timeoutMs);
    options.signal.addEventListener('abort', killGroup, { once: true });
    if (options.signal.aborted) killGroup();
    for (const stream of ['stdout', 'stderr'] as const) {
      child[stream].setEncoding('utf8');
      child[stream].on('data', (chunk: string) => {
        if (output[stream].length < MAX_OUTPUT_CHARS) output[stream] += chunk;
      });
    }
    let settled = false;
    const finish = (code: number | null, problem: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal.removeEventListener('abort', killGroup);
      resolve({ code, stdout: output.stdout, stderr: output.stderr || problem });
    };
    // Descendants still holding the pipes would delay 'close' forever: the group goes at exit.
    child.once('exit', killGroup);
    child.once('error', (error) => finish(null, error.message));
    child.once('close', (code, signal) => finish(code, signal === null ? '' : `killed by ${signal}`));
  });
}

/** The first line of a program's complaint, for a one-line note. */
export function firstLine(text: string): string {
  return text.trim().split('\n')[0]?.slice(0, 200) ?? '';
}
