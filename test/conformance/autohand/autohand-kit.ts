// Autohand projects for the conformance tests: a real ~/.autohand/config.json in a temp home,
// hook scripts written into the workspace as the docs' examples name them, engines closed by kit.ts.
import { chmod } from 'node:fs/promises';
import { expect } from 'vitest';
import type { HookEngineOptions } from '../../../src/index.js';
import { engineFor, workspace, type Host, type Workspace } from '../kit.js';

/** The config file Autohand reads, relative to a workspace. */
export const AUTOHAND_CONFIG = 'home/.autohand/config.json';

/** An Autohand config holding `hooks`, loaded with no problem, and an engine on it. */
export async function autohandProject(host: Host, hooks: object[], options: HookEngineOptions = {}, ws?: Workspace) {
  const project = ws ?? (await workspace());
  await project.write(AUTOHAND_CONFIG, { provider: 'openrouter', hooks: { enabled: true, hooks } });
  const config = await project.load();
  expect(config.problems).toEqual([]);
  return { ws: project, config, engine: engineFor(host, project, config, { sessionId: 'autohand-session', env: { PATH: process.env.PATH }, ...options }) };
}

/** Writes an executable `#!/bin/sh` script at `relative` in the workspace; returns its path. */
export async function script(ws: Workspace, relative: string, body: string): Promise<string> {
  const file = await ws.write(relative, `#!/bin/sh\n${body}\n`);
  await chmod(file, 0o755);
  return file;
}
