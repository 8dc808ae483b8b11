// The seed designs' plan: execa 9 on the main thread, `sh -c command`, payload as `input`.
import { execa } from 'execa';

/** Runs `sh -c command` through execa; resolves with execa's result, never rejects on exit codes. */
export function spawnExeca(command, input, { cwd, ...options } = {}) {
  return execa('sh', ['-c', command], { cwd, input, reject: false, ...options });
}
