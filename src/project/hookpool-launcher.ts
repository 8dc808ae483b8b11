// How an agent's entry starts hookpool, decided when `hookpool init` runs: by its bare name when
// that name on PATH is this very install (a global or --prefix install: the entry then works for
// every user of the project who installed hookpool the same way), else by this install's own
// absolute path (a project install, npx, a checkout). Never `npx --no hookpool`, which fails for
// a global or --prefix install and turns every call into a refusal.
import { realpath } from 'node:fs/promises';
import { quote } from 'shell-quote';
import type { HookpoolLauncher } from '../dialects/settings/agent-settings.js';
import { HOOKPOOL_CLIENT_EXECUTABLE, HOOKPOOL_EXECUTABLE } from '../package-root.js';
import { findOnPath } from './find-on-path.js';

export async function resolveLauncher(pathVariable: string = process.env.PATH ?? ''): Promise<HookpoolLauncher> {
  const [cli, client] = await Promise.all([commandFor('hookpool', HOOKPOOL_EXECUTABLE, pathVariable), commandFor('hookpool-client', HOOKPOOL_CLIENT_EXECUTABLE, pathVariable)]);
  return { cli: (args) => `${cli} ${args}`, client: (args) => `${client} ${args}` };
}

async function commandFor(name: string, ownFile: string, pathVariable: string): Promise<string> {
  const found = await findOnPath(name, pathVariable);
  if (found !== null && (await sameFile(found, ownFile))) return name;
  return quote([ownFile]);
}

async function sameFile(a: string, b: string): Promise<boolean> {
  const [realA, realB] = await Promise.all([realpath(a).catch(() => a), realpath(b).catch(() => b)]);
  return realA === realB;
}
