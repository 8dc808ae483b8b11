// Wundr's configuration files written as code: `wundr.config.ts` / `hooks.config.ts` (and `.js`,
// `.mjs`), loaded with jiti (TypeScript and ES modules, transpiled in process, no loader hooks
// installed). A code file runs when it is loaded, so a project's is run only once the user trusted
// its exact bytes; from there the same rules as any project file apply to the hooks it gives
// (the scripts they run are pinned at the next `hookpool trust`). Its value is Wundr's
// `HooksConfig`, or Wundr's daemon config holding one under `hooks`, exported as `default` (or as
// the module itself).
import { createRequire } from 'node:module';
import { isPlainObject } from './layouts/shared.js';
import { readConfigFile } from './read-config-file.js';
import type { UntrustedConfigFile } from './loaded-config.js';
import { needsTrust, type TrustPolicy } from '../trust/decide-trust.js';
import type { ConfigCandidate } from './discover.js';

const require = createRequire(import.meta.url);

export type CodeConfigRead =
  | { readonly status: 'missing' }
  | { readonly status: 'failed'; readonly problem: string; readonly reason: string; readonly sha256: string | null }
  | { readonly status: 'untrusted'; readonly untrusted: UntrustedConfigFile; readonly problem: string }
  | { readonly status: 'read'; readonly value: unknown; readonly sha256: string };

/**
 * Reads a code configuration file: its bytes, the trust gate on them (before anything of it
 * runs), then its evaluation. Never throws for the file's content.
 */
export async function readCodeConfig(candidate: ConfigCandidate, trust: TrustPolicy): Promise<CodeConfigRead> {
  const read = await readConfigFile(candidate.path, { userLevel: candidate.scope === 'user', parse: (text) => text });
  if (read.status !== 'read') return read;
  const source = read.value as string;
  const refusal = await trustGate(candidate, read.sha256, trust);
  if (refusal !== null) {
    const problem = `${candidate.path}: not run (it is code, run only once trusted): ${refusal}`;
    const untrusted: UntrustedConfigFile = { path: candidate.path, sha256: read.sha256, reason: refusal, hooks: [], disableAllHooks: false, changes: [], referenced: {}, loadError: null, notice: problem };
    return { status: 'untrusted', untrusted, problem };
  }
  try {
    return { status: 'read', value: hooksConfigOf(evaluate(source, candidate.path)), sha256: read.sha256 };
  } catch (error) {
    const reason = oneLineMessage(error);
    return { status: 'failed', problem: `${candidate.path}: cannot be loaded: ${reason}`, reason, sha256: read.sha256 };
  }
}

// The file's own bytes must be the ones the user trusted; its scripts are checked after it ran,
// by the usual decision (decide-trust.ts), which can only list them then.
async function trustGate(candidate: ConfigCandidate, sha256: string, trust: TrustPolicy): Promise<string | null> {
  if (!needsTrust(candidate.scope) || trust.mode === 'all') return null;
  if (trust.mode === 'none') return 'project hooks are off (trust: "none")';
  const record = trust.store.get(candidate.path);
  if (record?.sha256 === sha256) return null;
  const changes = record === undefined ? [] : ['the file itself changed'];
  const request = { path: candidate.path, sha256, hooks: [], changed: record !== undefined, changes, referenced: [] };
  if (trust.confirm !== undefined && (await trust.confirm(request))) {
    if (trust.store.problem === null) await trust.store.trust(candidate.path, sha256, {});
    return null;
  }
  return record === undefined
    ? 'not trusted yet; review it, then run `hookpool trust`'
    : 'changed since you trusted it (the file itself changed); review it, then run `hookpool trust`';
}

interface Jiti {
  evalModule(source: string, options: { filename: string }): unknown;
}

// jiti is required on first use: only a project with a code configuration file pays for it.
function evaluate(source: string, filename: string): unknown {
  const { createJiti } = require('jiti') as { createJiti: (from: string, options: Record<string, unknown>) => Jiti };
  const jiti = createJiti(filename, { fsCache: false, moduleCache: false, interopDefault: false });
  return jiti.evalModule(source, { filename });
}

// `export default config` (or `module.exports = config`); a daemon config holds the hooks config under `hooks`.
function hooksConfigOf(exported: unknown): unknown {
  const value = isPlainObject(exported) && 'default' in exported ? exported.default : exported;
  if (isPlainObject(value) && isPlainObject(value.hooks)) return value.hooks;
  return value;
}

function oneLineMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.trim();
}
