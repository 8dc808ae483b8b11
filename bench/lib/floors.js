// The floors under hookpool's handoff: what moving one task to a worker thread, or to a forked
// process and its worker thread, costs with none of hookpool's own work. Each takes a task of
// the shape and size hookpool sends, so serialization costs match.
import { fork } from 'node:child_process';
import { Piscina } from 'piscina';
import { wirePayload } from './payload.js';

/** The floors' row names: the thread host's, a bare fork's, and the process host's shape. */
export const PISCINA_FLOOR = 'piscina round trip (floor, thread)';
export const FORK_FLOOR = 'fork IPC round trip (floor)';
export const RELAY_FLOOR = 'fork IPC + piscina in the child (floor, process)';

const NOOP_TASK = new URL('./fixtures/noop-task.cjs', import.meta.url).href;
const ECHO_CHILD = new URL('./fixtures/echo-child.js', import.meta.url);
const RELAY_CHILD = new URL('./fixtures/relay-child.js', import.meta.url);

/** A hook task as hookpool's main thread hands it over (one `true` hook on PreToolUse). */
function sampleTask(cwd, stdin) {
  return {
    hookId: 'hook-0',
    envKey: '0',
    slot: 0,
    runId: '00000000-0000-4000-8000-000000000000.1',
    file: '/bin/sh',
    argv: ['-c', 'true'],
    cwd,
    env: { HOOKPOOL_EVENT: 'PreToolUse', HOOKPOOL_SESSION_ID: 'bench', HOOKPOOL_CWD: cwd, HOOKPOOL_TOOL_NAME: 'Bash', CLAUDE_PROJECT_DIR: cwd },
    stdin,
    timeoutMs: 10_000,
    killGraceMs: 2_000,
    pipeGraceMs: 100,
    maxOutputBytes: 1_048_576,
    killDescendants: true,
  };
}

/**
 * The three floors as contenders { name, fire, close }, in that order, each `fire()` one round
 * trip of a task for a hook run in `cwd`.
 */
export async function startHandoffFloors(cwd) {
  const task = sampleTask(cwd, wirePayload(cwd));
  const piscina = createPiscinaFloor();
  const forkFloor = await createForkFloor({ relay: false });
  const relay = await createForkFloor({ relay: true });
  return [
    { name: PISCINA_FLOOR, fire: () => piscina.run(task), close: piscina.close },
    { name: FORK_FLOOR, fire: () => forkFloor.run(task), close: forkFloor.close },
    { name: RELAY_FLOOR, fire: () => relay.run(task), close: relay.close },
  ];
}

/** A piscina pool set up as hookpool's thread host sets its own; `run(task)` is one round trip. */
function createPiscinaFloor() {
  const pool = new Piscina({ filename: NOOP_TASK, atomics: 'disabled', minThreads: 2, maxThreads: 2, idleTimeout: Number.POSITIVE_INFINITY });
  return { run: (task) => pool.run(task), close: () => pool.close() };
}

/** A forked child on an 'advanced' IPC channel: `run(task)` is one round trip, `relay` through a piscina pool in the child. */
async function createForkFloor({ relay }) {
  const child = fork(relay ? RELAY_CHILD : ECHO_CHILD, [], { serialization: 'advanced', stdio: ['ignore', 'ignore', 'inherit', 'ipc'], execArgv: [] });
  const waiting = new Map();
  let nextId = 1;
  child.on('message', (message) => {
    waiting.get(message.id)?.();
    waiting.delete(message.id);
  });
  const run = (task) =>
    new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      child.send({ t: 'run', id, task });
    });
  return {
    run,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}
