/**
 * The built CLI in a pty with a slow link between it and its terminal (a headless xterm): what the
 * app writes reaches the screen after the link's delay at its bandwidth, and keys and the
 * terminal's answers reach the app after the delay the other way. The terminal answers what a
 * terminal is asked (DA1, cursor position: xterm's own answers; OSC 11 with `background` when
 * given), or, `silent`, nothing at all.
 */
import { ShapedDirection } from '../../scripts/lib/shaped-link.mjs';
import { PtyApp, type PtyAppOptions } from './pty-app.js';

export interface LinkOptions {
  /** Round trip in ms, half each way. */
  readonly rttMs: number;
  /** Bandwidth each way in kbit/s; unlimited when left out. */
  readonly kbit?: number;
  /** The terminal's background as OSC 11 answers it (`rgb:` channels, e.g. 'ffff/ffff/ffff'); no answer when left out. */
  readonly background?: string;
  /** Answers nothing: no DA1, no cursor position, no OSC 11. */
  readonly silent?: boolean;
}

export class LinkedApp extends PtyApp {
  /** App to terminal. */
  readonly down: ShapedDirection;
  /** Terminal (keys, answers) to app. */
  readonly up: ShapedDirection;
  /** OSC 11 queries that reached the terminal. */
  backgroundQueries = 0;

  /** `command`: another program in the pty instead of the CLI (a shell that runs it, say). */
  constructor(args: readonly string[], options: PtyAppOptions, private readonly link: LinkOptions, command?: { file: string; args: readonly string[] }) {
    super(args, options, command);
    const delayMs = link.rttMs / 2;
    this.down = new ShapedDirection({ ...(link.kbit ? { kbit: link.kbit } : {}), delayMs, deliver: (data) => super.deliver(data) });
    this.up = new ShapedDirection({
      ...(link.kbit ? { kbit: link.kbit } : {}),
      delayMs,
      deliver: (data) => {
        this.reachedApp(data);
        this.proc.write(data);
      },
    });
    // Answered while the query is parsed, so in order with xterm's own answers (DA1 after it).
    this.term.parser.registerOscHandler(11, (data) => {
      if (data !== '?') return false;
      this.backgroundQueries++;
      if (link.background !== undefined && !link.silent) this.answer(`\u001B]11;rgb:${link.background}\u001B\\`);
      return true;
    });
    void this.exited.then(() => {
      this.down.close();
      this.up.close();
    });
  }

  /** Called with keys and answers as they reach the app, at the far end of the link. */
  protected reachedApp(_data: string): void {}

  protected override deliver(data: string): void {
    // Field initialisers have not run for data that arrives during construction: none does.
    this.down.send(data);
  }

  protected override answer(reply: string): void {
    if (!this.link.silent) this.up.send(reply);
  }

  override write(keys: string): void {
    this.up.send(keys);
  }
}
