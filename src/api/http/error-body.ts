/**
 * Reads an error body in any of the shapes the contract lists ("Errors in other shapes"), first
 * match wins: ours (`code`, `message`, `details`), RFC 9457 problem details, `{error:{…}}`,
 * `{errors:[…]}`, then any other JSON as a one-line excerpt. Text is kept raw here; it is
 * sanitised where it is displayed (and the excerpt is cleaned by `bodyExcerpt`).
 */
import type { FieldError } from './errors.js';

/** What an error body says, whatever its shape. */
export interface ErrorBodyParts {
  readonly shape: 'ours' | 'problem' | 'error-object' | 'errors-array' | 'other-json' | 'not-json';
  /** Machine code, or a problem's title. */
  readonly code?: string;
  /** Problem title (kept apart: it is also the code). */
  readonly title?: string;
  /** The human explanation (`message`, `detail`). */
  readonly message?: string;
  readonly requestId?: string;
  /** A problem's `instance`: the requestId of last resort. */
  readonly instance?: string;
  readonly fieldErrors: readonly FieldError[];
  readonly moreErrors?: number;
  /** JSON of an unknown shape, to be shown as an excerpt. */
  readonly otherJson?: string;
  /** The parsed object (for the 429 retry fields), when the body was one. */
  readonly object?: Record<string, unknown>;
}

/** Field errors kept from one body; the rest are counted. */
const MAX_FIELD_ERRORS = 5;
/** Longest single piece of server text kept (the display cuts further). */
const MAX_TEXT = 500;

/** Reads a parsed error body (`undefined` when it was not JSON). */
export function readErrorBody(value: unknown, parsed: boolean, contentType: string | undefined): ErrorBodyParts {
  if (!parsed) return { shape: 'not-json', fieldErrors: [] };
  if (!isObject(value)) return { shape: 'other-json', fieldErrors: [], otherJson: stringify(value) };
  const problemType = /^application\/problem\+json\b/i.test(contentType?.trim() ?? '');
  if (!problemType && (text(value.code) !== undefined || text(value.message) !== undefined)) return ours(value);
  const looksProblem = (has(value.title) || has(value.detail)) && (has(value.type) || value.status !== undefined);
  if (problemType || looksProblem) return problem(value);
  if (isObject(value.error)) return errorObject(value, value.error);
  if (typeof value.error === 'string' && value.error.trim() !== '') {
    return { shape: 'ours', message: clip(value.error), requestId: text(value.requestId), fieldErrors: [], object: value };
  }
  if (Array.isArray(value.errors) && value.errors.length > 0) return errorsArray(value, value.errors);
  return { shape: 'other-json', fieldErrors: [], otherJson: stringify(value), object: value };
}

function ours(body: Record<string, unknown>): ErrorBodyParts {
  const fields: FieldError[] = [];
  // The contract says an object; an array of them is read too.
  if (isObject(body.details)) pushDefined(fields, fieldErrorOf(body.details));
  if (Array.isArray(body.details)) for (const d of body.details) pushDefined(fields, fieldErrorOf(d));
  // `{message, errors:[{field, code}]}`, as some services add to their own shape.
  if (fields.length === 0 && Array.isArray(body.errors)) for (const e of body.errors) pushDefined(fields, fieldErrorOf(e));
  return {
    shape: 'ours',
    code: text(body.code),
    message: text(body.message),
    requestId: text(body.requestId),
    fieldErrors: fields.slice(0, MAX_FIELD_ERRORS),
    ...(fields.length > MAX_FIELD_ERRORS ? { moreErrors: fields.length - MAX_FIELD_ERRORS } : {}),
    object: body,
  };
}

function problem(body: Record<string, unknown>): ErrorBodyParts {
  const list = problemFieldErrors(body);
  const title = text(body.title);
  return {
    shape: 'problem',
    code: title,
    title,
    message: text(body.detail),
    requestId: text(body.requestId) ?? text(body.traceId),
    instance: text(body.instance),
    fieldErrors: list.slice(0, MAX_FIELD_ERRORS),
    ...(list.length > MAX_FIELD_ERRORS ? { moreErrors: list.length - MAX_FIELD_ERRORS } : {}),
    object: body,
  };
}

/** `errors[]` (or an `{field: [messages]}` map), `invalid-params[]`, `validation[]`. */
function problemFieldErrors(body: Record<string, unknown>): FieldError[] {
  const out: FieldError[] = [];
  for (const key of ['errors', 'invalid-params', 'invalid_params', 'invalidParams', 'validation', 'violations']) {
    const list = body[key];
    if (Array.isArray(list)) {
      for (const item of list) pushDefined(out, fieldErrorOf(item));
    } else if (isObject(list)) {
      for (const [field, reasons] of Object.entries(list)) {
        const all = Array.isArray(reasons) ? reasons : [reasons];
        for (const r of all) pushDefined(out, fieldError(clip(field), text(r) ?? (isObject(r) ? fieldErrorOf(r)?.reason : undefined)));
      }
    }
  }
  return out;
}

function errorObject(body: Record<string, unknown>, error: Record<string, unknown>): ErrorBodyParts {
  const details = error.details;
  const fields: FieldError[] = [];
  if (isObject(details)) pushDefined(fields, fieldError(text(details.field), text(details.reason)));
  if (Array.isArray(details)) for (const d of details) pushDefined(fields, fieldErrorOf(d));
  if (Array.isArray(error.errors)) for (const d of error.errors) pushDefined(fields, fieldErrorOf(d));
  return {
    shape: 'error-object',
    code: text(error.code) ?? text(error.status),
    message: text(error.message),
    requestId: text(error.requestId) ?? text(body.requestId),
    fieldErrors: fields.slice(0, MAX_FIELD_ERRORS),
    ...(fields.length > MAX_FIELD_ERRORS ? { moreErrors: fields.length - MAX_FIELD_ERRORS } : {}),
    object: body,
  };
}

function errorsArray(body: Record<string, unknown>, errors: readonly unknown[]): ErrorBodyParts {
  const first: unknown = errors[0];
  const firstObject = isObject(first) ? first : undefined;
  const field = firstObject === undefined ? undefined : fieldNameOf(firstObject);
  return {
    shape: 'errors-array',
    code: firstObject === undefined ? undefined : text(firstObject.code),
    message: firstObject === undefined ? text(first) : (text(firstObject.message) ?? text(firstObject.detail) ?? text(firstObject.title)),
    requestId: text(body.requestId),
    fieldErrors: field === undefined ? [] : [{ field }],
    ...(errors.length > 1 ? { moreErrors: errors.length - 1 } : {}),
    object: body,
  };
}

function fieldErrorOf(item: unknown): FieldError | undefined {
  if (!isObject(item)) return fieldError(undefined, text(item));
  const reason = text(item.reason) ?? text(item.message) ?? text(item.detail) ?? text(item.title) ?? text(item.code);
  return fieldError(fieldNameOf(item), reason);
}

function fieldNameOf(item: Record<string, unknown>): string | undefined {
  const source = isObject(item.source) ? item.source : undefined;
  return (
    text(item.field) ??
    text(item.name) ??
    text(item.param) ??
    text(item.parameter) ??
    locationText(item.location) ??
    locationText(item.loc) ??
    text(item.pointer) ??
    text(item.path) ??
    text(item.propertyPath) ??
    (source === undefined ? undefined : (text(source.parameter) ?? text(source.pointer)))
  );
}

function locationText(v: unknown): string | undefined {
  if (Array.isArray(v)) {
    const parts = v.map((p) => text(p)).filter((p): p is string => p !== undefined);
    return parts.length === 0 ? undefined : clip(parts.join('.'));
  }
  return text(v);
}

function fieldError(field: string | undefined, reason: string | undefined): FieldError | undefined {
  if (field === undefined && reason === undefined) return undefined;
  return { ...(field === undefined ? {} : { field }), ...(reason === undefined ? {} : { reason }) };
}

function pushDefined(out: FieldError[], e: FieldError | undefined): void {
  if (e !== undefined) out.push(e);
}

function has(v: unknown): boolean {
  return v !== undefined && v !== null && v !== '';
}

function text(v: unknown): string | undefined {
  if (typeof v === 'string') return v.trim() === '' ? undefined : clip(v);
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

function clip(s: string): string {
  return s.length <= MAX_TEXT ? s : s.slice(0, MAX_TEXT);
}

function stringify(v: unknown): string {
  try {
    return JSON.stringify(v)?.slice(0, 4096) ?? '';
  } catch {
    return '';
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
