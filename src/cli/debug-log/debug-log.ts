/**
 * `--log FILE` / PAGETUI_LOG / `"log"` in the config: a debug log of the run, one line per event,
 * appended to a 0600 file (src/fs/append-log.ts). It hears the client's exchange log (each request:
 * method, path, status, time, items, requestId; a failure's reason; a 429's Retry-After), the
 * quota pacer (when background work waits for the window to reset and when it goes on), and what
 * the command line tells it (the terminal detected, retries, errors). What the exchange log holds
 * has the key redacted already (src/text/redact.ts); every line is redacted again with the run's
 * key and sanitised, so neither the key nor a control character reaches the file.
 */
import type { Exchange, ExchangeLog } from '../../api/inspector/exchange-log.js';
import type { QuotaPacer } from '../../api/quota/quota-pacer.js';
import { AppendLog } from '../../fs/append-log.js';
import { SIGNAL_CODES } from '../har-recording.js';
import type { Env } from '../../auth/paths.js';
import { secretRedactor } from '../../text/redact.js';
import { sanitize } from '../../text/sanitize.js';
import { exchangeLine, unreadableLine } from './log-lines.js';

export interface DebugLog {
  readonly path: string;
  /** One event: `topic` (request, pacing, terminal, retry, error, …) and its text. */
  note(topic: string, text: string): void;
  /** The config's problems as `pagetui config check` lists them (the keymap's and the views' among them), one line each. */
  noteProblems(problems: readonly string[]): void;
  /** Logs every exchange `exchanges` records from now on, and the pacer's waits. */
  watch(exchanges: ExchangeLog, pacer?: QuotaPacer): void;
  /** Writes `end` and closes the file. Left open, it is ended on the process's exit: `exit code N`, then `end`. */
  close(): void;
}

/** Where the log goes: --log, else PAGETUI_LOG, else the config's "log"; undefined (or empty): no log. */
export function debugLogPath(flag: string | undefined, env: Env, configured: string | undefined): string | undefined {
  for (const value of [flag, env.PAGETUI_LOG, configured]) if (value !== undefined) return value.trim() === '' ? undefined : value;
  return undefined;
}

export interface DebugLogOptions {
  /** The key to take out of every line (server text may echo it). */
  readonly secret?: () => string | undefined;
  /** Told once when writing fails (a full disk): the log has stopped, the run goes on. */
  readonly onStopped: (line: string) => void;
  readonly now?: () => Date;
  /** End the process on a signal here (the commands; the app has its own signal handling), so the log is ended too. */
  readonly exitOnSignal?: boolean;
}

/** Opens the log, or returns the sentence saying why it cannot be. */
function openDebugLog(path: string, options: DebugLogOptions): DebugLog | { problem: string } {
  const shown = sanitize(path);
  const file = AppendLog.open(path, (reason) => options.onStopped(`the debug log ${shown} stopped: ${sanitize(reason)}; the run goes on without it`));
  if ('problem' in file) return { problem: `cannot write the debug log ${shown}: ${sanitize(file.problem)}` };
  const now = options.now ?? (() => new Date());
  const unwatch: (() => void)[] = [];
  const note = (topic: string, text: string): void => {
    const safe = sanitize(secretRedactor(options.secret?.()).text(text));
    file.write(`${now().toISOString()} ${topic} ${safe}\n`);
  };
  note('start', `pagetui pid ${process.pid}, node ${process.version}, ${process.platform}`);
  const signalHandlers = options.exitOnSignal
    ? Object.entries(SIGNAL_CODES).map(([signal, code]) => {
        const handler = (): never => process.exit(code);
        process.on(signal, handler);
        return [signal, handler] as const;
      })
    : [];
  const close = (): void => {
    process.off('exit', onExit);
    for (const [signal, handler] of signalHandlers) process.off(signal, handler);
    for (const stop of unwatch.splice(0)) stop();
    if (file.open) note('end', `pagetui pid ${process.pid}`);
    file.close();
  };
  // Every way out that still runs code (a signal, the terminal gone, a crash, process.exit
  // anywhere) ends the log with the code the process exits with.
  const onExit = (code: number): void => {
    if (file.open) note('exit', `code ${code}`);
    close();
  };
  process.on('exit', onExit);
  return {
    path,
    note,
    noteProblems(problems) {
      for (const problem of problems) note('config', problem);
    },
    watch(exchanges, pacer) {
      const from = exchanges.entries().at(-1)?.seq ?? 0;
      let seen = from;
      // A 2xx body found unreadable after its exchange was logged (parsed later: a page read ahead).
      const unreadableSaid = new WeakSet<Exchange>();
      unwatch.push(
        exchanges.subscribe((changed) => {
          const entries = exchanges.entries();
          let first = entries.length;
          while (first > 0 && (entries[first - 1]?.seq ?? 0) > seen) first--;
          for (const exchange of entries.slice(first)) {
            seen = exchange.seq;
            for (const [topic, text] of exchangeLine(exchange)) note(topic, text);
          }
          if (changed.bodyError === undefined || changed.seq <= from || unreadableSaid.has(changed)) return;
          unreadableSaid.add(changed);
          note(...unreadableLine(changed));
        }),
      );
      if (pacer === undefined) return;
      let pacingUntil: number | undefined;
      unwatch.push(
        pacer.subscribe(() => {
          const until = pacer.getSnapshot().pacingUntil;
          if (until === pacingUntil) return;
          pacingUntil = until;
          const left = pacer.getSnapshot().left;
          note('pacing', until === undefined ? 'background requests go on' : `background requests wait until ${new Date(until).toISOString()} (the window resets; ${left ?? '?'} left, the reserve kept for you)`);
        }),
      );
    },
    close,

  };
}

/** The log at `path` (none without one); a log that cannot be opened is said, and the run goes on without it. */
export function startDebugLog(
  path: string | undefined,
  options: { say: (line: string) => void; secret?: () => string | undefined; exitOnSignal?: boolean },
): DebugLog | undefined {
  if (path === undefined) return undefined;
  const opened = openDebugLog(path, {
    onStopped: (line) => options.say(`warning: ${line}`),
    ...(options.secret ? { secret: options.secret } : {}),
    ...(options.exitOnSignal ? { exitOnSignal: true } : {}),
  });
  if ('problem' in opened) {
    options.say(`warning: ${opened.problem}; the run goes on without it`);
    return undefined;
  }
  return opened;
}

/** What the terminal looks like from here, for the log's first lines. */
export function terminalLine(env: Env, utf8: boolean | undefined, chalkLevel: number): string {
  const tty = (stream: { isTTY?: boolean }): string => (stream.isTTY === true ? 'a terminal' : 'not a terminal');
  const size = `${process.stdout.columns ?? '?'}x${process.stdout.rows ?? '?'}`;
  const vars = ['TERM', 'COLORTERM', 'TERM_PROGRAM', 'TMUX', 'STY', 'SSH_TTY', 'LANG', 'LC_ALL', 'NO_COLOR'].filter((name) => env[name] !== undefined);
  return `stdin ${tty(process.stdin)}, stdout ${tty(process.stdout)}, ${size}, colour level ${chalkLevel}${utf8 === true ? ', --utf8' : ''}; ${vars.map((name) => `${name}=${env[name] ?? ''}`).join(' ')}`;
}
