// The bundled example hooks `hookpool init --example` copies: each entry of examples/hookpool.json
// with the script it runs, laid out the way the entry expects (.hookpool/hooks/<name>.sh).
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HookpoolError } from '../../errors.js';
import { EXAMPLES_DIR } from '../../package-root.js';

export interface ExampleEntry {
  readonly id: string;
  readonly command: string;
  readonly description?: string;
  readonly [field: string]: unknown;
}

/** Every example hook in the order examples/hookpool.json lists them. */
export function listExampleHooks(): ExampleEntry[] {
  const file = JSON.parse(readFileSync(join(EXAMPLES_DIR, 'hookpool.json'), 'utf8')) as { hooks: ExampleEntry[] };
  return file.hooks;
}

/** `block-rm (PreToolUse Bash): refuse rm -rf before it runs`, one per example, for --help. */
export function describeExampleHooks(): string[] {
  return listExampleHooks().map((hook) => `  ${hook.id.padEnd(20)} ${String(hook.event)}${hook.matcher === undefined ? '' : ` ${String(hook.matcher)}`}: ${hook.description ?? ''}`);
}

/** The chosen examples (`all` is every one); throws ERR_HOOKPOOL_USAGE naming the known ones for a wrong name. */
export function chooseExampleHooks(names: readonly string[]): ExampleEntry[] {
  const all = listExampleHooks();
  if (names.includes('all')) return all;
  return [...new Set(names)].map((name) => {
    const found = all.find((hook) => hook.id === name);
    if (found === undefined) throw new HookpoolError('ERR_HOOKPOOL_USAGE', `--example ${name}: no such example (choose from ${all.map((hook) => hook.id).join(', ')}, or all)`);
    return found;
  });
}

export interface CopiedScripts {
  /** Scripts copied now (they were missing). */
  readonly copied: string[];
  /** Scripts already there with other content: the user's edits, left as they are. */
  readonly kept: string[];
}

/** Copies each example's script into `<cwd>/.hookpool/hooks/` (keeping its executable mode) where it is missing; never overwrites. */
export async function copyExampleScripts(cwd: string, hooks: readonly ExampleEntry[]): Promise<CopiedScripts> {
  if (hooks.length > 0) await mkdir(join(cwd, '.hookpool', 'hooks'), { recursive: true });
  const copied: string[] = [];
  const kept: string[] = [];
  for (const hook of hooks) {
    // Every example's command is `.hookpool/hooks/<script>`, the path the copy lands at.
    const script = hook.command;
    const from = join(EXAMPLES_DIR, 'hooks', script.replace('.hookpool/hooks/', ''));
    const to = join(cwd, script);
    const present = await readFile(to).catch(() => null);
    if (present === null) {
      await copyFile(from, to);
      copied.push(script);
    } else if (!present.equals(await readFile(from))) {
      kept.push(script);
    }
  }
  return { copied, kept };
}
