// hookpool as a user gets it: the built package (`npm run build` writes dist/). When it is not
// built yet, cases still measure the peers and mark hookpool's rows "missing".
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { nowMs } from './clock.js';
import { HOOKPOOL_EVENT, HOOKPOOL_TOOL } from './payload.js';

const ENTRY = new URL('../../dist/src/index.js', import.meta.url);

/** The built command-line tool (`hookpool run`, `serve`, `init`, `trust`) and hookpool-client. */
export const HOOKPOOL_CLI = fileURLToPath(new URL('../../dist/src/cli/hookpool.cjs', import.meta.url));
export const HOOKPOOL_CLIENT = fileURLToPath(new URL('../../dist/src/client/hookpool-client.cjs', import.meta.url));

/** The hosts the engine can put its pool in; every case that spawns measures both. */
export const HOOKPOOL_HOSTS = ['thread', 'process'];

/** Set to measure the peers alone (e.g. while the engine does not build). */
export const SKIP_ENV = 'BENCH_WITHOUT_HOOKPOOL';

/** { createHookEngine, prestartSandbox, importMs } or { missing: why }. */
export async function loadHookpool() {
  if (process.env[SKIP_ENV]) return { missing: `skipped (${SKIP_ENV} is set)` };
  if (!existsSync(ENTRY)) return { missing: 'hookpool is not built (dist/src/index.js missing; run npm run build)' };
  const t0 = nowMs();
  const mod = await import(ENTRY.href);
  const importMs = nowMs() - t0;
  if (typeof mod.createHookEngine !== 'function') {
    return { missing: 'dist/src/index.js does not export createHookEngine yet' };
  }
  return { createHookEngine: mod.createHookEngine, prestartSandbox: mod.prestartSandbox, importMs };
}

/** Native-format hook entries: one per command, all on PreToolUse for the Bash tool. */
export function hookpoolHooks(commands, { timeoutMs, matcher = HOOKPOOL_TOOL, event = HOOKPOOL_EVENT, background } = {}) {
  return commands.map((command) => ({
    event,
    matcher,
    command,
    timeout: timeoutMs,
    ...(background ? { background: true } : {}),
  }));
}

/** Throws unless a FireResult says every one of `expected` hooks ran and exited 0. */
export function checkAllOk(expected) {
  return (result) => {
    const hooks = result?.hooks;
    if (!Array.isArray(hooks)) return;
    if (hooks.length !== expected || hooks.some((h) => h.status !== 'ok')) {
      throw new Error(`unexpected FireResult: ${JSON.stringify(result).slice(0, 600)}`);
    }
  };
}
