// The floor for Node: node:child_process.spawn of `sh -c` on the main thread, JSON on stdin,
// both outputs drained, settled on 'close'. No process groups, no timeout, no tree kill.
import { spawn } from 'node:child_process';

/** Starts `sh -c command` with `input` written to stdin and both outputs drained; `onError` gets a spawn error. */
export function startRaw(command, input, { cwd, onError }) {
  const child = spawn('sh', ['-c', command], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  child.once('error', onError);
  child.stdout.resume();
  child.stderr.resume();
  // A hook may exit without reading stdin; the write then fails with EPIPE, which is fine.
  child.stdin.on('error', () => {});
  child.stdin.end(input);
  return child;
}

/** Runs `sh -c command` with `input` on stdin; resolves { code, signal } when every pipe closed. */
export function spawnRaw(command, input, { cwd } = {}) {
  return new Promise((resolve, reject) => {
    const child = startRaw(command, input, { cwd, onError: reject });
    child.once('close', (code, signal) => resolve({ code, signal, pid: child.pid }));
  });
}
