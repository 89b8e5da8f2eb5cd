/**
 * One line of `pagetui doctor`: what was checked, pass / warn / fail / skip, and one sentence.
 * `facts` are the values behind the sentence, for `--json` (stable names, never the key).
 */
export type CheckStatus = 'pass' | 'warn' | 'fail' | 'skip';

export type Fact = string | number | boolean | null;

export interface CheckResult {
  /** Stable, for scripts: `node`, `terminal`, `theme`, `service.reach`, … */
  readonly id: string;
  /** What the line is about, for people: `Node`, `Terminal`, … */
  readonly label: string;
  readonly status: CheckStatus;
  readonly summary: string;
  readonly facts?: Readonly<Record<string, Fact>>;
}

export function result(id: string, label: string, status: CheckStatus, summary: string, facts?: Record<string, Fact | undefined>): CheckResult {
  const defined = facts === undefined ? undefined : (Object.fromEntries(Object.entries(facts).filter(([, v]) => v !== undefined)) as Record<string, Fact>);
  return { id, label, status, summary, ...(defined === undefined ? {} : { facts: defined }) };
}

/**
 * Runs a group of checks with a deadline: past it, or if the group fails unexpectedly, one fail
 * line under `id` says so. The work left running is not waited for (each check also bounds its own
 * children and requests).
 */
export async function withDeadline(id: string, label: string, ms: number, run: () => Promise<CheckResult[]>): Promise<CheckResult[]> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<CheckResult[]>((resolve) => {
    timer = setTimeout(() => resolve([result(id, label, 'fail', `did not finish within ${duration(ms)}`, { deadlineMs: ms })]), ms);
    timer.unref();
  });
  const checked = run().catch((error: unknown) => [
    result(id, label, 'fail', `could not be checked: ${error instanceof Error ? error.message : String(error)}`),
  ]);
  try {
    return await Promise.race([checked, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** `1.2 s` or `80 ms`. */
export const duration = (ms: number): string => (ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${Math.round(ms)} ms`);
