/**
 * The config file's JSON Schema (schema/config.schema.json, shipped in the package for editors) as
 * the validator reads it. Only the keywords below are used; the validator ignores any other.
 */
import raw from '../../schema/config.schema.json' with { type: 'json' };

export type SchemaType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null';

export interface SchemaNode {
  readonly type?: SchemaType | readonly SchemaType[];
  readonly enum?: readonly unknown[];
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly additionalProperties?: boolean | SchemaNode;
  readonly required?: readonly string[];
  readonly items?: SchemaNode;
  readonly minItems?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly pattern?: string;
  /** An annotation: what is used when the key is absent (or dropped). */
  readonly default?: unknown;
  readonly description?: string;
}

/** The config file's schema. */
export const CONFIG_SCHEMA: SchemaNode = raw as SchemaNode;

/** The pattern of a profile's baseUrl (schema/config.schema.json), worded in problem-text.ts. */
export const BASE_URL_PATTERN = '^\\s*[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#@]+(/[^\\s?#]*)?\\s*$';
