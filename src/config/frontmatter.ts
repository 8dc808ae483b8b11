// Hooks in the YAML frontmatter of Claude Code skills (`.claude/skills/<name>/SKILL.md`) and
// subagents (`.claude/agents/<name>.md`), under `hooks:` in the settings shape (hooks reference,
// "Hooks in skills and agents"). A skill's hooks start once the skill is invoked; a subagent's
// run on its own fires only (`agent_type`), its Stop hooks on SubagentStop.
import { basename, dirname, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { listFolder } from './folders.js';
import { withoutByteOrderMark } from '../io/parse-json.js';
import type { EventName } from '../events/event-specs.js';
import type { ConfigScope } from './discover.js';
import type { ClaudeHooksContext } from './layouts/claude-handler.js';
import { isPlainObject } from './layouts/shared.js';

/** Which kind of file a frontmatter candidate is. */
export type FrontmatterKind = 'skill' | 'agent';

/** A skill or subagent file that may hold hooks. */
export interface FrontmatterFile {
  readonly path: string;
  readonly scope: ConfigScope;
  readonly kind: FrontmatterKind;
}

// In a subagent's frontmatter, Stop hooks run when that subagent stops (Claude Code's rule).
const AGENT_EVENTS: Readonly<Partial<Record<EventName, EventName>>> = { Stop: 'SubagentStop' };

/**
 * The frontmatter of a Markdown file as an object (`{}` when the file has none). Throws, with a
 * message for a problem line, when the block is not closed or is not a YAML mapping, but only if
 * it mentions `hooks:`: hookpool reads skill and subagent files for their hooks alone, and a
 * broken file that held hooks must not vanish (it may have guarded something).
 */
export function parseFrontmatter(text: string): Record<string, unknown> {
  try {
    return readFrontmatter(text);
  } catch (error) {
    if (/^\s*hooks\s*:/m.test(text)) throw error;
    return {};
  }
}

function readFrontmatter(text: string): Record<string, unknown> {
  const body = withoutByteOrderMark(text);
  const opening = /^---[ \t]*\r?\n/.exec(body);
  if (opening === null) return {};
  const rest = body.slice(opening[0].length);
  const closing = /^---[ \t]*$/m.exec(rest);
  if (closing === null) throw new Error('its frontmatter has no closing "---" line');
  let value: unknown;
  try {
    value = parseYaml(rest.slice(0, closing.index));
  } catch (error) {
    throw new Error(`its frontmatter is not valid YAML (${(error as Error).message.split('\n', 1)[0]})`);
  }
  if (value === null || value === undefined) return {};
  if (!isPlainObject(value)) throw new Error('its frontmatter is not a YAML mapping of fields');
  return value;
}

/** How the hooks of a skill or subagent file are read: which skill or agent type they belong to. */
export function frontmatterContext(file: FrontmatterFile, frontmatter: Record<string, unknown>): ClaudeHooksContext {
  const named = typeof frontmatter.name === 'string' && frontmatter.name !== '' ? frontmatter.name : undefined;
  if (file.kind === 'skill') return { skill: named ?? basename(dirname(file.path)) };
  return { agentType: named ?? basename(file.path, '.md'), renameEvent: (event) => AGENT_EVENTS[event] ?? event };
}

/** The skill and subagent files of the user (`~/.claude`) and of the project (`<cwd>/.claude`). */
export async function listFrontmatterFiles(cwd: string, home: string): Promise<FrontmatterFile[]> {
  const places: [string, ConfigScope][] = [[join(home, '.claude'), 'user'], [join(cwd, '.claude'), 'project']];
  const found = await Promise.all(places.map(async ([folder, scope]) => {
    const skills = (await listFolder(join(folder, 'skills'))).map((name) => ({ path: join(folder, 'skills', name, 'SKILL.md'), scope, kind: 'skill' as const }));
    const agents = (await listFolder(join(folder, 'agents'))).filter((name) => name.endsWith('.md')).map((name) => ({ path: join(folder, 'agents', name), scope, kind: 'agent' as const }));
    return [...skills, ...agents];
  }));
  return found.flat();
}
