// The background hooks of a one-shot call, in a process of their own so the call answers at once.
import { spawn } from 'node:child_process';
import { onExit } from 'signal-exit';
import type { EventSpec } from '../events/event-specs.js';
import { HOOKPOOL_EXECUTABLE } from '../package-root.js';
import type { OneShotOptions } from './fire-one-shot.js';
import type { CliConfig } from './load-project.js';

/**
 * The background hooks of this call in a process of their own, detached: it reads the same
 * configuration, runs them (each within its timeout) and exits; this process answers meanwhile.
 */
export function startDetachedBackground(spec: EventSpec, payload: Record<string, unknown>, config: CliConfig, options: OneShotOptions): void {
  const args = [HOOKPOOL_EXECUTABLE, 'run', '--part', 'background', '--cwd', config.cwd, '--input-file', '-', spec.name];
  for (const file of options.config ?? []) args.push('--config', file);
  for (const file of options.claudeSettings ?? []) args.push('--claude-settings', file);
  for (const dir of options.plugin ?? []) args.push('--plugin', dir);
  for (const name of options.passEnv ?? []) args.push('--pass-env', name);
  try {
    const child = spawn(process.execPath, args, { cwd: config.cwd, detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
    child.on('error', () => undefined);
    child.stdin.on('error', () => undefined);
    child.stdin.end(JSON.stringify(payload));
    child.unref();
    // Stopped by a signal before it answers (Ctrl-C, its agent's timeout), this call takes its background hooks along.
    const stopOnSignal = onExit((_code, signal) => {
      if (signal !== null && child.pid !== undefined) killGroup(child.pid, 'SIGTERM');
    });
    child.once('exit', stopOnSignal);
  } catch {
    // Not started: the background hooks of this call do not run; the answer is unaffected.
  }
}


function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Gone already.
  }
}
