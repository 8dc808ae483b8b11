// A floor program (bench/floors/*.js) forked with an IPC channel, so that a case can interleave it
// with its other rows: `call(message)` resolves with the floor's answer, which carries the time
// the floor measured inside itself (no IPC in it).
import { fork } from 'node:child_process';

export async function startFloor(file, args = [], options = {}) {
  const child = fork(new URL(`../floors/${file}`, import.meta.url), args, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], execArgv: [], ...options });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench/floors/${file} exited (${code}) before it was ready`)));
  });
  let answer;
  child.on('message', (message) => answer?.(message));
  return {
    pid: child.pid,
    call(message) {
      return new Promise((resolve) => {
        answer = resolve;
        child.send(message);
      });
    },
    close() {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      return exited;
    },
  };
}
