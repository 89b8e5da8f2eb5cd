/**
 * `--har FILE`: every request of the run recorded (bodies for the newest, capped) and written to
 * FILE as HAR 1.2 once, at exit — after success, an error, or an interrupt (SIGINT, SIGTERM,
 * SIGHUP: the file is written, then the process ends with the signal's exit code).
 */
import { ExchangeLog } from '../api/inspector/exchange-log.js';
import { harText } from '../api/inspector/har.js';
import { writeFileAtomicSync } from '../fs/atomic-write.js';
import { writeErrorReason } from '../fs/write-all.js';
import { sanitize } from '../text/sanitize.js';
import { EXIT_WRITE } from './commands/exit-codes.js';
import { VERSION } from '../version.js';

/** Requests a `--har` run keeps (a whole `G` over 10,000 pages is 100). */
const HAR_CAPACITY = 10_000;
/** Of those, the newest this many keep their bodies… */
const HAR_BODIES = 200;
/** …each cut at this many bytes. */
const HAR_BODY_BYTES = 256 * 1024;

/** The exit code of a command ended by each signal it handles. */
export const SIGNAL_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

export interface HarRecording {
  readonly log: ExchangeLog;
  /**
   * Writes the file (once; later calls give the same answer) and stops listening for signals.
   * False when the file could not be written whole (it was said on stderr; the run must fail).
   */
  finish(): boolean;
}

export interface HarRecordingOptions {
  /** One line for the user (stderr), without the `pagetui: ` prefix. */
  readonly say: (line: string) => void;
  /** End the process on a signal here (the commands); the app has its own signal handling. */
  readonly exitOnSignal: boolean;
}

/** A log for the run; with a path, written there at exit. */
export function startHarRecording(path: string | undefined, options: HarRecordingOptions): HarRecording {
  if (path === undefined) return { log: new ExchangeLog(), finish: () => true };
  const log = new ExchangeLog({ capacity: HAR_CAPACITY, bodiesKept: HAR_BODIES, maxBodyBytes: HAR_BODY_BYTES });
  let written: boolean | undefined;
  const handlers = options.exitOnSignal
    ? Object.entries(SIGNAL_CODES).map(([signal, code]) => {
      const handler = () => {
        finish();
        process.exit(code);
      };
      process.on(signal, handler);
      return [signal, handler] as const;
    })
    : [];
  const finish = (): boolean => {
    if (written !== undefined) return written;
    process.off('exit', onExit);
    for (const [signal, handler] of handlers) process.off(signal, handler);
    try {
      // Synchronous: this also runs on the way out, after an error or an interrupt.
      writeFileAtomicSync(path, harText(log.entries(), VERSION), 0o600);
      written = true;
    } catch (error) {
      options.say(`could not write the HAR file ${sanitize(path)}: ${sanitize(writeErrorReason(error))}`);
      written = false;
    }
    return written;
  };
  // A process.exit from anywhere (the app's own signal handling, a crash) still writes the file,
  // and a run that would have ended well fails when it could not.
  const onExit = (): void => {
    if (!finish() && (process.exitCode ?? 0) === 0) process.exitCode = EXIT_WRITE;
  };
  process.on('exit', onExit);
  return { log, finish };
}
