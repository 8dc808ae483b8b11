// Reads every case file under a folder (`*.json`, `*.yaml`, `*.yml`, sorted by path), each checked
// with the case schema. Any file that cannot be read or does not match is reported, one line per
// problem naming the file and the field, and no case runs.
import { readdir, stat } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { formatIssues, oneLine } from '../../config/format-issues.js';
import { readConfigFile } from '../../config/read-config-file.js';
import { HookpoolError } from '../../errors.js';
import { policyCaseListSchema, policyCaseSchema, type PolicyCase } from './case-schema.js';

const CASE_EXTENSIONS: ReadonlySet<string> = new Set(['.json', '.yaml', '.yml']);

/** The cases of `dir`, in file order then list order; throws ERR_HOOKPOOL_INVALID_CONFIG with every problem. */
export async function readPolicyCases(dir: string): Promise<PolicyCase[]> {
  const files = await caseFiles(dir);
  const problems: string[] = [];
  const cases: PolicyCase[] = [];
  for (const path of files) {
    const file = relative(process.cwd(), path) || path;
    const read = await readConfigFile(path, { userLevel: false, parse: isYaml(path) ? parseYamlDocument : undefined });
    if (read.status !== 'read') {
      problems.push(oneLine(`${file}: ${read.status === 'missing' ? 'disappeared while it was read' : read.reason}`));
      continue;
    }
    const list = Array.isArray(read.value);
    const parsed = list ? policyCaseListSchema.safeParse(read.value) : policyCaseSchema.safeParse(read.value);
    if (!parsed.success) {
      problems.push(...formatIssues(parsed.error, file));
      continue;
    }
    const entries = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
    entries.forEach((entry, index) => cases.push({ ...entry, file, name: entry.name ?? (list ? `${file}[${index}]` : file) }));
  }
  if (problems.length > 0) throw new HookpoolError('ERR_HOOKPOOL_INVALID_CONFIG', problems.join('\n'));
  return cases;
}

async function caseFiles(dir: string): Promise<string[]> {
  const info = await stat(dir).catch(() => undefined);
  if (info === undefined) throw new HookpoolError('ERR_HOOKPOOL_USAGE', `--cases ${dir}: no such folder`);
  if (!info.isDirectory()) throw new HookpoolError('ERR_HOOKPOOL_USAGE', `--cases ${dir}: not a folder (give the folder that holds the case files)`);
  const names = await readdir(dir, { recursive: true });
  const files = names.filter((name) => CASE_EXTENSIONS.has(extname(name).toLowerCase())).sort().map((name) => join(dir, name));
  if (files.length === 0) throw new HookpoolError('ERR_HOOKPOOL_USAGE', `--cases ${dir}: no case files (*.json, *.yaml, *.yml) in it`);
  return files;
}

function isYaml(path: string): boolean {
  return extname(path).toLowerCase() !== '.json';
}

// One YAML document; an error is yaml's first line of its message, which names the line and column.
function parseYamlDocument(text: string): unknown {
  try {
    return parseYaml(text);
  } catch (error) {
    throw new Error(`not valid YAML: ${(error as Error).message.split('\n', 1)[0]!.replace(/:$/, '')}`);
  }
}
