// `run`'s configuration, compiled once and reused while nothing it came from has changed. A
// valid cache skips the readers, zod and the trust check entirely: the saved journal lists every
// file read (configuration, trust store, disabled hooks, user policy), every folder listed and
// every script hashed, each with what the loader saw; one differing fingerprint, a different
// hookpool build or any unreadable entry and the configuration is loaded again, exactly as
// without a cache. So a file or script changed after caching is never run untrusted.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileObservation } from '../../config/file-journal.js';
import type { ConfigOptions } from '../config-options.js';
import type { CliConfig, LoadCliConfigOptions } from '../load-project.js';
import { PACKAGE_VERSION } from '../../package-root.js';
import { resolveCliDirs } from '../project-dirs.js';
import { configCacheDir, readCacheFile, writeCacheFile } from './cache-file.js';
import { isJournalCurrent } from './check-journal.js';
import { fnv1a64 } from '../../io/fnv1a.js';

// Bumped whenever the entry's shape changes (2: fingerprints of small files are their bytes).
const CACHE_FORMAT = 2;

interface CacheEntry {
  readonly format: number;
  readonly key: string;
  readonly observations: FileObservation[];
  readonly config: CliConfig;
}

/** Where the configuration came from: found in the cache, or loaded (and then saved, or not). */
export type ConfigSource = 'cache' | 'loaded' | 'loaded-and-saved';

/** loadCliConfig through the cache; `HOOKPOOL_CONFIG_CACHE=0` turns it off. */
export async function loadCachedCliConfig(options: ConfigOptions, how: LoadCliConfigOptions = {}): Promise<{ config: CliConfig; source: ConfigSource }> {
  const loader = async () => (await import('../engine-bundle.js')).importConfigLoader();
  if (process.env.HOOKPOOL_CONFIG_CACHE === '0') return { config: await (await loader()).loadCliConfig(options, how), source: 'loaded' };
  const { cwd, home } = await resolveCliDirs(options, how.cwdFallback);
  const key = cacheKey(options, how, cwd, home);
  const dir = configCacheDir(home);
  // Two keys sharing a name only take turns in the file: the whole key is compared.
  const path = join(dir, `${fnv1a64(key)}.json`);
  const cached = await readCacheFile(path);
  if (isEntryFor(cached, key) && (await isJournalCurrent(cached.observations))) return { config: cached.config, source: 'cache' };
  const { value: config, journal } = await (await loader()).loadCliConfigRecorded(options, how);
  // A load that saw a file change under it, or resolved another project meanwhile, is not kept.
  if (!journal.consistent || config.cwd !== cwd || config.home !== home) return { config, source: 'loaded' };
  const entry: CacheEntry = { format: CACHE_FORMAT, key, observations: journal.observations, config };
  return { config, source: (await writeCacheFile(path, dir, entry)) ? 'loaded-and-saved' : 'loaded' };
}

// Everything besides files that the load depends on: the options, the folders, who reads, the
// one variable the loader reads, and the build (its files are rewritten by every build).
function cacheKey(options: ConfigOptions, how: LoadCliConfigOptions, cwd: string, home: string): string {
  const parts = {
    format: CACHE_FORMAT,
    version: PACKAGE_VERSION,
    build: statSync(fileURLToPath(import.meta.url)).mtimeMs,
    cwd,
    home,
    uid: process.getuid?.() ?? null,
    config: options.config ?? [],
    claudeSettings: options.claudeSettings ?? [],
    plugin: options.plugin ?? [],
    includeUntrusted: how.includeUntrusted === true,
    skipDiscoveredClaudeSettings: how.skipDiscoveredClaudeSettings === true,
    openclaw: process.env.OPENCLAW_CLAUDE_HOOKS ?? null,
  };
  return JSON.stringify(parts);
}

function isEntryFor(value: unknown, key: string): value is CacheEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<CacheEntry>;
  return entry.format === CACHE_FORMAT && entry.key === key && Array.isArray(entry.observations) && typeof entry.config === 'object' && entry.config !== null;
}
