/**
 * schema/config.schema.json is what `npm run schema` writes from the code: an action, a key name,
 * a placeholder or a view rule changed in the code and not in the shipped schema fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINDINGS } from '../../src/ui/keys/bindings.js';
import { configSchemaText } from '../../src/ui/keymap/config-schema-document.js';

const root = join(import.meta.dirname, '../..');
const committed = readFileSync(join(root, 'schema/config.schema.json'), 'utf8');

describe('the shipped config schema', () => {
  it('is the one the code writes (npm run schema)', () => {
    expect(committed === configSchemaText(), 'schema/config.schema.json is out of date with the code: run npm run schema').toBe(true);
  });

  it('names every action of the key table, so an editor completes them', () => {
    const keys = (JSON.parse(committed) as { properties: { keys: { properties: Record<string, unknown> } } }).properties.keys.properties;
    expect(Object.keys(keys).sort()).toEqual([...new Set(BINDINGS.map((b) => b.command))].sort());
  });
});
