// The standard line-up for a case that runs hook processes: raw spawn (the baseline), execa,
// Gemini CLI's hook system and hookpool in each host, all configured with the same commands.
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
 * @returns { contenders, unavailable: [{ name, status, note }], close() }
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
    if (hookpool.missing) {
      unavailable.push({ name, status: 'missing', note: hookpool.missing });
      continue;
    }
    try {
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
    } catch (error) {
      unavailable.push({ name, status: 'error', note: firstLine(error) });
    }
  }
  return {
    contenders,
    unavailable,
    /** Closes the engines; resolves with the problems met, for the case's notes. */
    close: () => closeAll(closers),
  };
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

export function firstLine(error) {
  return String(error?.message ?? error).split('\n')[0];
}
