/** The config file's `"screenReader"` and `"reduceMotion"` keys (docs/accessibility.md). */

export interface PresentationConfig {
  readonly screenReader?: boolean;
  readonly reduceMotion?: boolean;
}

/** The two keys as typed values, or the problem with them as a phrase. */
export function presentationConfig(raw: Readonly<Record<string, unknown>>): { value: PresentationConfig } | { problem: string } {
  const value: { screenReader?: boolean; reduceMotion?: boolean } = {};
  for (const key of ['screenReader', 'reduceMotion'] as const) {
    const v = raw[key];
    if (v === undefined) continue;
    if (typeof v !== 'boolean') return { problem: `"${key}" must be true or false` };
    value[key] = v;
  }
  return { value };
}
