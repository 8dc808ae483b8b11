import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVENT_NAMES, EVENT_SPECS } from '../../src/events/event-specs.js';
import { createNativeConfigJsonSchema } from '../../src/config/json-schema.js';
import { writeSchemaFile } from '../../src/config/write-schema.js';
import { createTempTree, type TempTree } from './config-test-files.js';

type Json = Record<string, any>;

let tree: TempTree;
beforeEach(async () => {
  tree = await createTempTree();
});
afterEach(async () => {
  await tree.cleanup();
});

const hookItems = (schema: Json): Json => schema.properties.hooks.items;

describe('createNativeConfigJsonSchema', () => {
  it('is a draft 2020-12 JSON Schema made only of JSON values', () => {
    const schema = createNativeConfigJsonSchema();

    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(JSON.parse(JSON.stringify(schema))).toEqual(schema);
    expect(schema.type).toBe('object');
  });

  it('describes what a person writes: the input side, with defaults and units', () => {
    const hook = hookItems(createNativeConfigJsonSchema());

    expect(hook.additionalProperties).toBe(false);
    expect(hook.properties.timeout).toMatchObject({ type: 'integer', description: expect.stringMatching(/^milliseconds; default 10000/) });
    expect(hook.properties.filter.properties.path.anyOf).toEqual([{ type: 'string', minLength: 1 }, { type: 'array', items: { type: 'string', minLength: 1 } }]);
    expect(hook.oneOf).toEqual([{ required: ['command'] }, { required: ['args'] }, { required: ['type', 'module'] }, { required: ['type', 'url'] }, { required: ['type', 'prompt'] }, { required: ['type', 'server', 'tool'] }]);
  });

  it('lists every canonical event name and alias for the event', () => {
    const names = hookItems(createNativeConfigJsonSchema()).properties.event.enum as string[];

    for (const name of EVENT_NAMES) expect(names).toEqual(expect.arrayContaining([name, ...EVENT_SPECS[name].aliases]));
  });

  it('is written to a file as pretty JSON', async () => {
    const target = join(tree.project, 'schema.json');

    await writeSchemaFile(target);

    expect(JSON.parse(await readFile(target, 'utf8'))).toEqual(createNativeConfigJsonSchema());
  });
});
