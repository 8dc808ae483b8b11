// The project files a hook file runs (its scripts), found in each hook's command words, so that
// trusting the file also pins what those scripts contain: a `git pull` that changes a trusted
// file's script untrusts the file just as editing the file itself does.
import { isAbsolute, relative, resolve, sep } from 'node:path';
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

// The absolute paths inside the project that a hook's words could name (existing or not).
function referencedPaths(hook: NativeHookInput, projectDir: string): string[] {
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
