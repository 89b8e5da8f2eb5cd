/** A size in bytes as people read it: `812 B`, `4.5 KiB`, `8 MiB` (one decimal at most, 1024-based). */
export function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KiB'] : [bytes / (1024 * 1024), 'MiB'];
  return `${Math.round(value * 10) / 10} ${unit}`;
}
