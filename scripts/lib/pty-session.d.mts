import type { Terminal } from '@xterm/headless';
import type { IPty } from '@lydell/node-pty';

export declare const BUNDLE: string;

export declare function cleanEnv(extra?: Record<string, string | undefined>): Record<string, string>;

export interface PtySessionOptions {
  readonly cols?: number;
  readonly rows?: number;
  /** Added to a clean environment (no CI, no NO_COLOR, no PAGETUI_*); undefined removes. */
  readonly env?: Record<string, string | undefined>;
  readonly cwd?: string;
}

export interface Exit {
  readonly exitCode: number;
  readonly signal?: number;
}

export declare class PtySession {
  readonly term: Terminal;
  readonly proc: IPty;
  readonly exited: Promise<Exit>;
  /** When the spawn began (performance.now()). */
  readonly startedAt: number;
  /** Settles once every chunk received so far is on the xterm screen. */
  protected parsed: Promise<void>;
  constructor(argv: readonly string[], options?: PtySessionOptions);
  /** Puts what the program wrote on the terminal (at once here; a link in between may delay it). */
  protected deliver(data: string): void;
  /** Sends one of the terminal's own replies (DA1, …) to the program. */
  protected answer(reply: string): void;
  protected received(data: string, at: number): void;
  protected drawn(data: string, at: number): void;
  lines(): string[];
  screen(): string;
  write(keys: string): void;
  resize(cols: number, rows: number): void;
  waitFor(check: string | RegExp | ((screen: string) => boolean), timeoutMs?: number): Promise<string>;
  kill(): void;
}
