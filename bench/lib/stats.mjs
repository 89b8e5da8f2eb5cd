/** Small statistics helpers for the bench. */

/** The p-th percentile (0..100) of `values`, nearest-rank; NaN for an empty list. */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** The median of `values` (mean of the middle two for an even count). */
export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The mean of `values` and its standard error (NaN for fewer than two). */
export function meanAndError(values) {
  const n = values.length;
  const mean = values.reduce((sum, x) => sum + x, 0) / n;
  const variance = values.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (n - 1);
  return { mean, error: Math.sqrt(variance / n) };
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
