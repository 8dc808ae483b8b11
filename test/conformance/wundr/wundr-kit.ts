// Wundr hooks configs for the conformance tests: a `wundr.hooks.json` in a fresh workspace (with a
// records folder the guard script writes to), loaded as Wundr's with no problem, and an engine on it.
import { mkdir } from 'node:fs/promises';
import { expect } from 'vitest';
import { engineFor, HOOKS_DIR, shell, workspace, type Host, type Workspace } from '../kit.js';

/** A Wundr command hook that records its variables and stdin and answers Wundr's PreToolUse result. */
export const GUARD = shell(`${HOOKS_DIR}seeds/wundr-guard.sh`);

/** A Wundr config in a fresh workspace; `hooks` may use the workspace's records folder (RECORD_DIR of the guard). */
export async function wundrProject(host: Host, hooks: object[] | ((records: string) => object[])) {
  const ws = await workspace();
  await mkdir(ws.path('records'));
  const list = typeof hooks === 'function' ? hooks(ws.path('records')) : hooks;
  const file = await ws.write('wundr.hooks.json', { enabled: true, defaultTimeoutMs: 10_000, hooks: list });
  const config = await ws.load({ files: [file] });
  expect(config.problems).toEqual([]);
  expect(config.files.map((loaded) => loaded.format)).toEqual(['wundr']);
  return { ws, engine: engineFor(host, ws, config, { sessionId: 'wundr-session' }) };
}

/** What the guard recorded under `name` in the records folder. */
export const recorded = (ws: Workspace, name: string) => ws.read(`records/${name}`);
