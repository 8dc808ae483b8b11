// Writes schema.json at the package root: `node dist/src/config/write-schema.js [path]`.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createNativeConfigJsonSchema } from './json-schema.js';

/** Writes the native config JSON Schema to `path`, pretty-printed with a final newline. */
export async function writeSchemaFile(path: string): Promise<void> {
  await writeFile(path, `${JSON.stringify(createNativeConfigJsonSchema(), null, 2)}\n`);
}

// This module runs both from src/ (tests) and from dist/src/ (the build), at different depths.
function packageRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  const target = process.argv[2] ?? join(packageRoot(dirname(fileURLToPath(import.meta.url))), 'schema.json');
  await writeSchemaFile(target);
  console.log(`wrote ${target}`);
}
