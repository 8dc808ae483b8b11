// The standard line-up for a case that runs hook processes: raw spawn (the baseline), execa,
// Gemini CLI's hook system and hookpool in each host, all configured with the same commands;
// and closing what a case started, its problems reported in the case's notes.
import { settlesWithin } from './clock.js';
import { spawnRaw } from './raw-spawn.js';
import { spawnExeca } from './execa-spawn.js';
import { createGeminiSystem, fireGeminiShellTool } from './gemini.js';
import { HOOKPOOL_HOSTS, checkAllOk, hookpoolHooks } from './hookpool.js';
import { GEMINI_TOOL, HOOKPOOL_EVENT, HOOKPOOL_PAYLOAD, wirePayload } from './payload.js';

export const RAW = 'raw spawn';
export const EXECA = 'execa';
export const GEMINI = 'gemini-cli-core';
export const hookpoolName = (host) => `hookpool (${host})`;

/**
 * One fire = run every command in `commands` in parallel and wait for all of them.
 * @param options { commands, cwd, timeoutMs, gemini: { HookSystem },
 *   hookpool: { createHookEngine } | { missing }, hosts }
 * @returns { contenders, unavailable: [{ name, status, note }], closers: the engines' { name, close } }
 */
export async function createSpawnContenders({
  commands,
  cwd,
  timeoutMs = 10_000,
  gemini,
  hookpool,
  hosts = HOOKPOOL_HOSTS,
}) {
  const input = wirePayload(cwd);
  const contenders = [];
  const unavailable = [];
  const closers = [];

  contenders.push({ name: RAW, kind: 'raw', fire: () => Promise.all(commands.map((c) => spawnRaw(c, input, { cwd }))) });
  contenders.push({ name: EXECA, kind: 'execa', fire: () => Promise.all(commands.map((c) => spawnExeca(c, input, { cwd }))) });
  const system = await createGeminiSystem(gemini.HookSystem, { definitions: [{ matcher: GEMINI_TOOL, commands }], timeoutMs, cwd });
  contenders.push({ name: GEMINI, kind: 'gemini', fire: () => fireGeminiShellTool(system) });
  for (const host of hosts) {
    const name = hookpoolName(host);
    await addHookpoolContenders(hookpool, [name], unavailable, async () => {
      const engine = await hookpool.createHookEngine({ hooks: hookpoolHooks(commands, { timeoutMs }), cwd, host });
      closers.push({ name, close: () => engine.close() });
      contenders.push({
        name,
        kind: 'hookpool',
        host,
        engine,
        fire: () => engine.fire(HOOKPOOL_EVENT, HOOKPOOL_PAYLOAD),
        check: checkAllOk(commands.length),
      });
    });
  }
  return { contenders, unavailable, closers };
}

/**
 * Runs `add()`, which adds hookpool's contenders for the rows `names`; when hookpool is missing
 * (not built, or skipped), or `add` throws, adds those rows to `unavailable` instead, saying why.
 */
export async function addHookpoolContenders(hookpool, names, unavailable, add) {
  if (hookpool.missing) {
    unavailable.push(...names.map((name) => ({ name, status: 'missing', note: hookpool.missing })));
    return;
  }
  try {
    await add();
  } catch (error) {
    unavailable.push(...names.map((name) => ({ name, status: 'error', note: firstLine(error) })));
  }
}

/** Runs `count` fires, `concurrency` at a time, so every pool worker is started and warm. */
export async function warmUp(fire, { count = 16, concurrency = 8 } = {}) {
  let next = 0;
  const lane = async () => {
    while (next < count) {
      next++;
      await fire();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
}

/**
 * Closes each { name, close } in parallel, giving each `limitMs`. A close() that rejects or
 * never settles is reported, not awaited forever (an engine whose close() waits on unref'd
 * handles would otherwise end the case with exit code 13 and no result).
 */
export async function closeAll(closers, limitMs = 10_000) {
  const problems = [];
  await Promise.all(
    closers.map(async ({ name, close }) => {
      const closing = Promise.resolve().then(close);
      closing.catch((error) => problems.push(`${name}: close() rejected: ${firstLine(error)}`));
      if (!(await settlesWithin(closing, limitMs))) problems.push(`${name}: close() did not settle within ${limitMs} ms`);
    }),
  );
  return problems;
}

/** Closes one engine (as closeAll does) and throws what went wrong: for a trial that owns its engine. */
export async function closeEngine(name, engine) {
  const [problem] = await closeAll([{ name, close: () => engine.close() }]);
  if (problem) throw new Error(problem);
}

/**
 * Resolves with `build()`'s result after closing `closers` (closeAll), whatever happened; the
 * problems met closing go into the result's notes.
 */
export async function closingAfter(closers, build) {
  let result;
  try {
    result = await build();
  } finally {
    const problems = await closeAll(closers);
    result?.notes?.push(...problems);
  }
  return result;
}

export function firstLine(error) {
  return String(error?.message ?? error).split('\n')[0];
}
