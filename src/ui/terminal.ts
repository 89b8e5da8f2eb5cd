/**
 * The terminal modes pagetui changes, and putting them back. Every way out — q, Ctrl-C, SIGTERM,
 * SIGHUP, a crash, Ctrl-Z — goes through `leave()`, so the shell gets its screen back as it was.
 */
const ENTER_ALT_SCREEN = '\u001B[?1049h\u001B[H\u001B[2J';
const LEAVE_ALT_SCREEN = '\u001B[?1049l';
const SHOW_CURSOR = '\u001B[?25h';

export class TerminalSession {
  private active = false;

  constructor(
    private readonly stdout: NodeJS.WriteStream,
    private readonly stdin: NodeJS.ReadStream,
  ) {}

  enter(): void {
    if (this.active) return;
    this.active = true;
    this.stdout.write(ENTER_ALT_SCREEN);
  }

  /** Raw mode off, cursor shown, alternate screen left. Safe to call more than once. */
  leave(): void {
    if (!this.active) return;
    this.active = false;
    if (this.stdin.isTTY && this.stdin.isRaw) this.stdin.setRawMode(false);
    this.stdout.write(SHOW_CURSOR + LEAVE_ALT_SCREEN);
  }
}
