// Opta projects for the conformance tests: a real `.opta/config.json` in a fresh workspace,
// trusted, loaded with no problem, and an engine on it (closed by kit.ts).
import { expect } from 'vitest';
import type { HookEngineOptions } from '../../../src/index.js';
import { engineFor, workspace, type Host, type Workspace } from '../kit.js';

/** A project whose `.opta/config.json` holds `hooks` (beside the plan's other settings). */
export async function optaProject(host: Host, hooks: object[], options: HookEngineOptions = {}, ws?: Workspace) {
  const project = ws ?? (await workspace());
  await project.write('.opta/config.json', { host: '192.168.1.10', model: 'qwen-coder', hooks });
  const config = await project.load({ trust: 'all' });
  expect(config.problems).toEqual([]);
  expect(config.files.map((file) => file.format)).toEqual(['opta']);
  return { ws: project, config, engine: engineFor(host, project, config, options) };
}
