/** Reading one response header, whatever holds the headers. */

/** One header as a name and a value (the exchange log's recorded headers). */
export interface HeaderField {
  readonly name: string;
  readonly value: string;
}

/** Header bag as undici gives it (lower-case keys), a WHATWG `Headers`, or a list of recorded fields. */
export type HeaderSource =
  | { get(name: string): string | null }
  | Readonly<Record<string, string | readonly string[] | undefined>>
  | readonly HeaderField[];

const isFieldList = (headers: HeaderSource): headers is readonly HeaderField[] => Array.isArray(headers);

/** Reads one header case-insensitively; repeated headers yield the first value. */
export function headerValue(headers: HeaderSource | undefined, name: string): string | undefined {
  if (headers === undefined || headers === null) return undefined;
  const lower = name.toLowerCase();
  if (typeof (headers as { get?: unknown }).get === 'function') {
    const v = (headers as { get(n: string): string | null }).get(lower);
    return v === null ? undefined : v;
  }
  if (isFieldList(headers)) return headers.find((h) => h.name.toLowerCase() === lower)?.value;
  const rec = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  // undici and node:http give header names in lower case: look the name up before scanning.
  const exact = Object.hasOwn(rec, lower) ? rec[lower] : undefined;
  if (typeof exact === 'string') return exact;
  if (Array.isArray(exact) && typeof exact[0] === 'string') return exact[0];
  for (const key of Object.keys(rec)) {
    if (key.toLowerCase() !== lower) continue;
    const v = rec[key];
    if (typeof v === 'string') return v;
    if (Array.isArray(v) && typeof v[0] === 'string') return v[0];
  }
  return undefined;
}
