// Runs one program for a built-in (git, a formatter, a sound player) and reports how it ended;
// a failure to start or a non-zero exit is a result, never a throw. The hook's abort signal and a
// timeout both kill it, so nothing outlives the hook.
import { execFile } from 'node:child_process';

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
const MAX_OUTPUT_BYTES = 1024 * 1024;

/** Runs `file` with `args` (no shell) and resolves when it has exited. */
export function runProgram(file: string, args: readonly string[], options: RunProgramOptions): Promise<ProgramResult> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { cwd: options.cwd, env: { ...options.env }, signal: options.signal, timeout: options.timeoutMs, killSignal: 'SIGKILL', maxBuffer: MAX_OUTPUT_BYTES, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        resolve({ code, stdout, stderr: stderr || (error !== null && code === null ? error.message : '') });
      },
    );
  });
}

/** The first line of a program's complaint, for a one-line note. */
export function firstLine(text: string): string {
  return text.trim().split('\n')[0]?.slice(0, 200) ?? '';
}
