// Claude Code plugins named by the user (loadHooksConfig({ plugins }), hookpool --plugin): their
// `hooks/hooks.json`, and the extra hook files or inline hooks their `.claude-plugin/plugin.json`
// names (plugins reference, "Hooks"). A plugin's hooks run with CLAUDE_PLUGIN_ROOT (its folder)
// and CLAUDE_PLUGIN_DATA (`~/.claude/plugins/data/<id>`, kept across updates) in their
// environment and substituted in their commands. A plugin named explicitly is the user's choice,
// trusted like a file named explicitly; installed plugins are not discovered.
import { mkdir } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { ClaudeHooksContext } from './layouts/claude-handler.js';
import { isFolder } from './folders.js';
import { isPlainObject } from './layouts/shared.js';
import { readConfigFile } from './read-config-file.js';

const MANIFEST = join('.claude-plugin', 'plugin.json');

/** One hooks file of a plugin, read as Claude Code hooks with the plugin's folders. */
export interface PluginHooksFile {
  readonly path: string;
  /** A file the manifest names must exist; `hooks/hooks.json` may not. */
  readonly required: boolean;
  readonly context: ClaudeHooksContext;
}

/** A plugin whose folder or manifest cannot be used: its hooks are unknown. */
export interface BrokenPlugin {
  readonly path: string;
  readonly reason: string;
}

/** Claude Code's plugin data folder name: the plugin id with every character outside [A-Za-z0-9_-] made `-`. */
export function pluginDataId(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, '-');
}

/** The hooks files of the plugins in `dirs` (resolved against `cwd`), and the plugins that cannot be loaded. */
export async function listPluginHooksFiles(dirs: readonly string[], cwd: string, home: string): Promise<{ files: PluginHooksFile[]; broken: BrokenPlugin[] }> {
  const files: PluginHooksFile[] = [];
  const broken: BrokenPlugin[] = [];
  for (const dir of dirs) {
    const root = resolve(cwd, dir);
    const found = await pluginFiles(root, home);
    if (typeof found === 'string') broken.push({ path: root, reason: found });
    else files.push(...found);
  }
  return { files, broken };
}

async function pluginFiles(root: string, home: string): Promise<PluginHooksFile[] | string> {
  if (!(await isFolder(root))) return 'plugin root: no such directory (the plugin was moved or not installed)';
  const manifestPath = join(root, MANIFEST);
  const manifest = await readManifest(manifestPath);
  if (typeof manifest === 'string') return manifest;
  const id = typeof manifest.name === 'string' && manifest.name !== '' ? manifest.name : basename(root);
  const data = join(home, '.claude', 'plugins', 'data', pluginDataId(id));
  await mkdir(data, { recursive: true, mode: 0o700 }).catch(() => undefined);
  // Looked at once more, for the file journal: a cached configuration is loaded again (and the folder made) once it is gone.
  await isFolder(data);
  const context: ClaudeHooksContext = { plugin: { root, data } };
  const standard = join(root, 'hooks', 'hooks.json');
  const files: PluginHooksFile[] = [{ path: standard, required: false, context }];
  const named = manifest.hooks;
  if (isPlainObject(named)) files.push({ path: manifestPath, required: true, context });
  else if (named !== undefined) {
    const paths = typeof named === 'string' ? [named] : Array.isArray(named) && named.every((path) => typeof path === 'string') ? named : undefined;
    if (paths === undefined) return `${MANIFEST}: "hooks" must be a path, a list of paths or an inline hooks object`;
    for (const path of paths.map((relative) => resolve(root, relative))) {
      if (path === standard) return `${MANIFEST}: "hooks" names hooks/hooks.json, which is loaded anyway (Claude Code refuses the duplicate): name only additional hook files`;
      files.push({ path, required: true, context });
    }
  }
  return files;
}

// A plugin without a manifest is named after its folder.
async function readManifest(path: string): Promise<Record<string, unknown> | string> {
  const read = await readConfigFile(path, { userLevel: false });
  if (read.status === 'missing') return {};
  if (read.status === 'failed') return `${MANIFEST}: ${read.reason}`;
  return isPlainObject(read.value) ? read.value : `${MANIFEST}: expected a JSON object`;
}
