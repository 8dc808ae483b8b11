// The project files a hook file runs (its scripts, its modules), found in each hook's command words, so that
// trusting the file also pins what those scripts contain: a `git pull` that changes a trusted
// file's script untrusts the file just as editing the file itself does.
import { statSync } from 'node:fs';
import { dirname, extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { parse } from 'shell-quote';
import { hashRegularFile } from './hash-regular-file.js';
import type { NativeHookInput } from '../config/native-schema.js';

const PROJECT_DIR_VARIABLE = 'CLAUDE_PROJECT_DIR';
const PROJECT_DIR_PATTERN = /\$\{CLAUDE_PROJECT_DIR\}|\$CLAUDE_PROJECT_DIR(?![A-Za-z0-9_])/g;

/**
 * SHA-256 of every existing regular file inside `projectDir` that a word of the hooks' commands
 * names, keyed by absolute path. `command` is split into words as a shell would (operators,
 * globs and comments are not words); `args` are taken as they are; `$CLAUDE_PROJECT_DIR` is the
 * project; a relative word resolves against the hook's working directory.
 */
export async function hashReferencedFiles(hooks: readonly NativeHookInput[], projectDir: string): Promise<Record<string, string>> {
  const paths = [...new Set(hooks.flatMap((hook) => referencedPaths(hook, projectDir)))].sort();
  const sha256s = await Promise.all(paths.map(hashRegularFile));
  const hashes: Record<string, string> = {};
  paths.forEach((path, index) => {
    if (sha256s[index] !== undefined) hashes[path] = sha256s[index];
  });
  return hashes;
}

/**
 * The hooks with, on each, the hashes of the scripts it runs (`trustedScripts`), taken from
 * `referenced` (what trusting their file hashed): they are checked again right before every run.
 * A script is a module hook's module, or a referenced file that is executable or has a script's
 * extension; other referenced files (a log the hook appends to, a file it reads) are pinned by
 * trust when the configuration loads, not at every run, which would refuse a hook that changes
 * its own data.
 */
export function pinTrustedScripts(hooks: NativeHookInput[], referenced: Readonly<Record<string, string>>, projectDir: string): NativeHookInput[] {
  if (Object.keys(referenced).length === 0) return hooks;
  return hooks.map((hook) => {
    const pinned: Record<string, string> = {};
    for (const path of referencedPaths(hook, projectDir)) {
      if (referenced[path] !== undefined && (hook.type === 'module' || isScript(path))) pinned[path] = referenced[path];
    }
    return Object.keys(pinned).length === 0 ? hook : { ...hook, trustedScripts: pinned };
  });
}

const SCRIPT_EXTENSIONS: ReadonlySet<string> = new Set(['.sh', '.bash', '.zsh', '.fish', '.ksh', '.js', '.mjs', '.cjs', '.ts', '.mts', '.cts', '.py', '.rb', '.pl', '.php', '.ps1', '.lua', '.tcl', '.awk', '.jq']);

function isScript(path: string): boolean {
  if (SCRIPT_EXTENSIONS.has(extname(path).toLowerCase())) return true;
  try {
    return (statSync(path).mode & 0o111) !== 0;
  } catch {
    return false;
  }
}

// The absolute paths inside the project that a hook's words could name (existing or not).
function referencedPaths(hook: NativeHookInput, projectDir: string): string[] {
  // A module hook runs its module, named relative to the file's folder.
  if (hook.type === 'module' && hook.module !== undefined) {
    const path = resolve(hook.source === undefined ? projectDir : dirname(hook.source.file), hook.module);
    return isInside(path, projectDir) ? [path] : [];
  }
  const workingDir = resolve(projectDir, hook.cwd ?? '.');
  return commandWords(hook, projectDir)
    .filter((word) => word !== '')
    .map((word) => resolve(workingDir, word))
    .filter((path) => isInside(path, projectDir));
}

/** A hook's words as the shell would split them, `$CLAUDE_PROJECT_DIR` expanded to the project (doctor and validate read them too). */
export function commandWords(hook: { readonly command?: string | undefined; readonly args?: readonly string[] | undefined }, projectDir: string): string[] {
  if (hook.args !== undefined) return hook.args.map((word) => word.replace(PROJECT_DIR_PATTERN, projectDir));
  // Other variables stay as written: their values are the agent's, not the project's.
  const expand = (name: string) => (name === PROJECT_DIR_VARIABLE ? projectDir : `$${name}`);
  return parse(hook.command ?? '', expand).filter((entry): entry is string => typeof entry === 'string');
}

function isInside(path: string, dir: string): boolean {
  const fromDir = relative(dir, path);
  return fromDir !== '' && fromDir !== '..' && !fromDir.startsWith(`..${sep}`) && !isAbsolute(fromDir);
}
