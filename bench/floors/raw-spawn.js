// Floor: a raw spawn of `sh -c true` from a minimal node program, as a hook is spawned (own
// session, piped stdio, a hook's JSON on stdin, settled when every pipe closed). Does nothing
// else. Alone: `node bench/floors/raw-spawn.js [spawns]` prints the median ms. Forked with an IPC
// channel (bench/lib/floor-child.js): answers each { t: 'run' } with the ms that one spawn took,
// so a case can interleave it with its other rows. `--engine` first loads hookpool's engine and
// a 2-thread piscina pool into the process, as the sandbox has them: the same spawn from a
// process of the sandbox's size.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const INPUT = JSON.stringify({ session_id: 'floor', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' }, cwd: process.cwd() });

export function spawnOnce() {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn('/bin/sh', ['-c', 'true'], { detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    child.once('error', reject);
    child.stdout.resume();
    child.stderr.resume();
    child.stdin.on('error', () => {});
    child.stdin.end(INPUT);
    child.once('close', () => resolve(performance.now() - t0));
  });
}

const isMain = import.meta.url === pathToFileURL(process.argv[1]).href;

if (isMain && process.argv.includes('--engine')) {
  const { Piscina } = await import('piscina');
  await import('../../dist/src/index.js');
  const pool = new Piscina({ filename: new URL('../lib/fixtures/noop-task.cjs', import.meta.url).href, minThreads: 2, maxThreads: 2, atomics: 'disabled' });
  await pool.run({});
}

if (!isMain) {
  // imported for spawnOnce (raw-spawn-8-lanes.js)
} else if (process.send !== undefined) {
  process.on('message', async (message) => {
    if (message.t === 'run') process.send({ ms: await spawnOnce() });
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ ready: true });
} else {
  const count = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 200);
  const times = [];
  for (let i = 0; i < count; i++) times.push(await spawnOnce());
  times.sort((a, b) => a - b);
  console.log(`raw spawn of sh -c true, ${count} spawns: median ${times[count >> 1].toFixed(3)} ms`);
}
