/**
 * A validator for the part of JSON Schema (draft 2020-12) the config's schema uses: type, enum,
 * properties, additionalProperties, required, items, minItems, minimum, maximum, minLength,
 * pattern. It does not stop at the first problem: a value that does not fit is dropped (an object
 * member or an array item), so the rest of the file is still used, and every problem is reported
 * with what is done instead.
 */
import type { KeyPath } from './key-path.js';
import type { SchemaNode, SchemaType } from './schema.js';

export type Problem =
  /** A value that does not fit its schema. */
  | { readonly kind: 'value'; readonly path: KeyPath; readonly schema: SchemaNode; readonly got: unknown; dropped: KeyPath }
  /** A required member that is absent. */
  | { readonly kind: 'missing'; readonly path: KeyPath; readonly schema: SchemaNode; dropped: KeyPath }
  /** A member no `properties` entry names, where `additionalProperties` is false. */
  | { readonly kind: 'unknown'; readonly path: KeyPath; readonly known: readonly string[]; dropped: KeyPath };

export interface Validated {
  /** The value with whatever did not fit taken out; undefined when the value itself did not fit. */
  readonly value: unknown;
  readonly problems: readonly Problem[];
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function typeOf(value: unknown): SchemaType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as SchemaType;
}

function typeFits(schema: SchemaNode, value: unknown): boolean {
  if (schema.type === undefined) return true;
  const types: readonly SchemaType[] = typeof schema.type === 'string' ? [schema.type] : schema.type;
  const actual = typeOf(value);
  return types.includes(actual) || (actual === 'integer' && types.includes('number'));
}

/** The checks on the value itself (not its members or items). */
function fits(schema: SchemaNode, value: unknown): boolean {
  if (!typeFits(schema, value)) return false;
  if (schema.enum !== undefined && !schema.enum.some((e) => e === value)) return false;
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return false;
    if (schema.maximum !== undefined && value > schema.maximum) return false;
  }
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && Array.from(value).length < schema.minLength) return false;
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) return false;
  }
  if (Array.isArray(value) && schema.minItems !== undefined && value.length < schema.minItems) return false;
  return true;
}

/** Checks `value` against `schema`; see the module comment. */
export function validate(schema: SchemaNode, value: unknown, path: KeyPath = []): Validated {
  if (!fits(schema, value)) return { value: undefined, problems: [{ kind: 'value', path, schema, got: value, dropped: path }] };
  if (isPlainObject(value)) return validateObject(schema, value, path);
  if (Array.isArray(value) && schema.items !== undefined) {
    const problems: Problem[] = [];
    const kept: unknown[] = [];
    value.forEach((item, index) => {
      const r = validate(schema.items as SchemaNode, item, [...path, index]);
      problems.push(...r.problems);
      if (r.value !== undefined) kept.push(r.value);
    });
    return { value: problems.length === 0 ? value : kept, problems };
  }
  return { value, problems: [] };
}

function validateObject(schema: SchemaNode, value: Record<string, unknown>, path: KeyPath): Validated {
  const problems: Problem[] = [];
  const kept: Record<string, unknown> = {};
  const known = Object.keys(schema.properties ?? {});
  for (const [name, member] of Object.entries(value)) {
    const memberPath = [...path, name];
    const memberSchema = Object.hasOwn(schema.properties ?? {}, name) ? schema.properties?.[name] : additional(schema);
    if (memberSchema === undefined) {
      problems.push({ kind: 'unknown', path: memberPath, known, dropped: memberPath });
      continue;
    }
    const r = validate(memberSchema, member, memberPath);
    problems.push(...r.problems);
    if (r.value !== undefined) kept[name] = r.value;
  }
  const missing = (schema.required ?? []).filter((name) => !Object.hasOwn(kept, name));
  if (missing.length === 0) return { value: problems.length === 0 ? value : kept, problems };
  // Without a member it needs, the object as a whole is dropped: say so in each of its problems.
  for (const name of missing) {
    if (!Object.hasOwn(value, name)) problems.push({ kind: 'missing', path: [...path, name], schema: schema.properties?.[name] ?? {}, dropped: path });
  }
  for (const p of problems) if (p.path.length === path.length + 1 && missing.includes(String(p.path.at(-1)))) p.dropped = path;
  return { value: undefined, problems };
}

/** The schema of members `properties` does not name, or undefined when they are not allowed. */
function additional(schema: SchemaNode): SchemaNode | undefined {
  const extra = schema.additionalProperties;
  if (extra === false) return undefined;
  return extra === true || extra === undefined ? {} : extra;
}
