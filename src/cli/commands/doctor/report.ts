/**
 * The report: one line per check for people (the mark is a word, so it needs no colour), or one
 * JSON object for scripts. Every line is sanitised and cut, and any secret given is masked out.
 */
import { safeJson } from '../../../text/json.js';
import { sanitize } from '../../../text/sanitize.js';
import { truncate } from '../../../text/width.js';
import { wrap } from '../../../text/wrap.js';
import type { CheckResult, CheckStatus } from './check.js';

const MARKS: Readonly<Record<CheckStatus, string>> = { pass: 'pass', warn: 'warn', fail: 'FAIL', skip: 'skip' };
/** Wide enough for any line a check writes; a server's text beyond it is cut. */
const MAX_LINE_COLUMNS = 400;

/** `text` with every secret (at least 4 characters long) replaced by `••••`. */
function withoutSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('••••');
  return out;
}

/** True when a check failed: the exit code is then 1. */
export const anyFailed = (checks: readonly CheckResult[]): boolean => checks.some((c) => c.status === 'fail');

/** `columns`: the terminal's width; a longer line is wrapped there, its rest indented under the summary. */
export function textReport(checks: readonly CheckResult[], secrets: readonly string[], columns?: number): string {
  const width = Math.max(...checks.map((c) => c.label.length));
  const lines = checks.map((c) => {
    const head = `[${MARKS[c.status]}] ${c.label.padEnd(width)}  `;
    const summary = truncate(sanitize(withoutSecrets(c.summary, secrets)), MAX_LINE_COLUMNS - head.length);
    return columns === undefined ? `${head}${summary}` : wrapped(head, summary, columns);
  });
  const failed = checks.filter((c) => c.status === 'fail').length;
  const warned = checks.filter((c) => c.status === 'warn').length;
  const verdict = failed > 0 ? `${failed} failed, ${warned} warning${warned === 1 ? '' : 's'}` : warned > 0 ? `all passed, ${warned} warning${warned === 1 ? '' : 's'}` : 'all passed';
  return `${lines.join('\n')}\n\n${verdict}\n`;
}

/** The summary wrapped to the columns left after the head; too narrow a terminal gets the line as it is. */
function wrapped(head: string, summary: string, columns: number): string {
  const room = columns - head.length;
  if (room < 20) return `${head}${summary}`;
  const indent = ' '.repeat(head.length);
  return wrap(summary, room).map((part, i) => `${i === 0 ? head : indent}${part}`).join('\n');
}

export function jsonReport(checks: readonly CheckResult[], secrets: readonly string[], version: string): string {
  const body = { version, ok: !anyFailed(checks), checks: checks.map((c) => ({ id: c.id, status: c.status, summary: c.summary, details: c.facts ?? {} })) };
  return `${withoutSecrets(safeJson(body), secrets.map((s) => JSON.stringify(s).slice(1, -1)))}\n`;
}
