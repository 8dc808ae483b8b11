// Tests one tool call against the security table. A Bash call is parsed (unbash, imported on the
// first Bash call a guard inspects, never before) and every command it runs is tested against each
// command rule; the files a call reads or writes, through a file tool or a shell command, are
// tested against the file rules. A rule denies what the call shows: a command whose program or
// target is only known at run time is not denied.
import { posix } from 'node:path';
import { HookpoolError } from '../errors.js';
import { picomatch } from '../plan/lazy-packages.js';
import type { PathAnchors } from '../plan/path-pattern.js';
import { fileAccesses } from './file-accesses.js';
import { secretGlobKind, secretKind, secretKindOfShellPath, splitGlob, type PathContext, type SecretKind } from './security-paths.js';
import { SECURITY_RULES, type SecurityRule } from './security-rules.js';
import { loadShellParser } from './shell-parser.js';
import { scanCommand } from './shell-script.js';
import { displayValue } from './shell-words.js';

/** A rule a tool call breaks, and what in the call breaks it. */
export interface SecurityViolation {
  readonly rule: SecurityRule;
  readonly matchedBy: string;
}

/** Checks one call: tool name, tool input and the fire's current directory. */
export type SecurityCheck = (toolName: string, toolInput: unknown, cwd: string) => Promise<SecurityViolation | null>;

// Other seeds' names for the same tools (Autohand's run_command, write_file, ...), for library
// callers; agents' tool names reach the hooks already translated to Claude Code's.
const TOOL_ALIASES: Readonly<Record<string, string>> = {
  run_command: 'Bash',
  shell: 'Bash',
  write_file: 'Write',
  edit_file: 'Edit',
  delete_path: 'Write',
  read_file: 'Read',
};

const READ_TOOLS: ReadonlySet<string> = new Set(['Read', 'NotebookRead']);
const WRITE_TOOLS: ReadonlySet<string> = new Set(['Write', 'Edit', 'MultiEdit', 'NotebookEdit']);

/** The table compiled once for these anchors, minus the rules whose ids are in `disabledRules`. */
export function compileSecurityRules(anchors: PathAnchors, disabledRules: readonly string[] = []): SecurityCheck {
  const unknown = disabledRules.filter((id) => !SECURITY_RULES.some((rule) => rule.id === id));
  if (unknown.length > 0) throw new HookpoolError('ERR_HOOKPOOL_INVALID_CONFIG', `unknown security rule id ${unknown.map((id) => JSON.stringify(id)).join(', ')}; known: ${SECURITY_RULES.map((rule) => rule.id).join(', ')}`);
  const enabled = SECURITY_RULES.filter((rule) => !disabledRules.includes(rule.id));
  const commandRules = enabled.filter((rule) => rule.test !== null);
  const fileRules = new Map(enabled.filter((rule) => rule.test === null).map((rule) => [rule.id, rule]));
  const fileRule = (kind: SecretKind | null) => (kind === null ? undefined : fileRules.get(kind));
  return async (toolName, toolInput, cwd) => {
    if (typeof toolInput !== 'object' || toolInput === null || Array.isArray(toolInput)) return null;
    const tool = TOOL_ALIASES[toolName] ?? toolName;
    const input = toolInput as Record<string, unknown>;
    const context: PathContext = { home: anchors.home, projectDir: anchors.projectDir, cwd };
    if (tool === 'Bash') {
      const command = input.command;
      if (typeof command !== 'string' || command.trim() === '' || enabled.length === 0) return null;
      const scan = scanCommand(await loadShellParser(), command, { cwd, home: anchors.home });
      for (const rule of commandRules) {
        const hit = rule.test!(scan, context);
        if (hit !== null) return { rule, matchedBy: hit };
      }
      if (fileRules.size === 0) return null;
      for (const access of fileAccesses(scan)) {
        const rule = fileRule(secretKindOfShellPath(access.path));
        if (rule !== undefined) return { rule, matchedBy: `${access.write ? 'a write of' : 'a read of'} ${displayValue(access.path)} by \`${access.command.text}\`` };
      }
      return null;
    }
    if (fileRules.size === 0) return null;
    for (const { path, kind } of secretTargets(tool, input, context)) {
      const rule = fileRule(kind);
      if (rule !== undefined) return { rule, matchedBy: `${tool} of ${path}` };
    }
    return null;
  };
}

// The secret paths a file tool's input names: Read and the writing tools their file; Grep its
// `path` and `glob`; Glob its `path` and `pattern`.
function secretTargets(tool: string, input: Record<string, unknown>, context: PathContext): { path: string; kind: SecretKind | null }[] {
  const text = (field: string) => (typeof input[field] === 'string' && input[field] !== '' ? (input[field] as string) : undefined);
  if (READ_TOOLS.has(tool) || WRITE_TOOLS.has(tool)) {
    const file = text('file_path') ?? text('notebook_path') ?? text('path');
    if (file === undefined) return [];
    const path = resolvePath(file, context);
    return [{ path, kind: secretKind(path) }];
  }
  if (tool !== 'Grep' && tool !== 'Glob') return [];
  const folder = text('path');
  const base = resolvePath(folder ?? '.', context);
  const targets = folder === undefined ? [] : [{ path: base, kind: secretKind(base) }];
  const glob = tool === 'Grep' ? text('glob') : text('pattern');
  if (glob !== undefined) targets.push({ path: `${base}: ${glob}`, kind: secretGlob(glob, base, context) });
  return targets;
}

// A glob aims at secrets when its literal folder is secret (`~/.ssh/*`), when it is a literal
// secret path, or when it matches secret names and no ordinary ones (`**/.env*`, `*.pem`).
function secretGlob(glob: string, base: string, context: PathContext): SecretKind | null {
  const { folder, rest } = splitGlob(glob);
  const start = folder === '' ? base : resolvePath(folder, { ...context, cwd: base });
  const inFolder = secretKind(start);
  if (inFolder !== null || rest === '') return inFolder;
  return secretGlobKind(picomatch(rest, { dot: true }));
}

// A path as a tool reads it: `~` is the home folder, a relative path is from the working folder.
function resolvePath(path: string, context: PathContext): string {
  const expanded = path === '~' ? context.home : path.startsWith('~/') ? `${context.home}${path.slice(1)}` : path;
  return posix.resolve(context.cwd, expanded);
}
