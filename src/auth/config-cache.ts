/** The config's `"cache"` key: `false` turns the list cache off (docs/cache.md); `true` is the default. */
export function cacheSetting(raw: unknown): { cache?: boolean } | string {
  if (raw === undefined) return {};
  if (typeof raw !== 'boolean') return '"cache" must be true or false';
  return raw ? {} : { cache: false };
}
