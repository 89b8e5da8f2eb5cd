/**
 * The terminal going away under the app — the pty closed by a dropped SSH connection, a closed
 * terminal window or `tmux kill-session` — is a normal way for a session to end. This notices it
 * even when no SIGHUP comes (reads end, writes fail with EIO) and swallows the failures that
 * follow. Exiting without tripping over the dead terminal: src/startup/dead-terminal.ts.
 */

/** What reads and writes fail with once the terminal has been hung up. */
const GONE_CODES = new Set(['EIO', 'EPIPE', 'ENXIO']);

export function isTerminalGoneError(error: unknown): boolean {
  return GONE_CODES.has((error as NodeJS.ErrnoException | undefined)?.code ?? '');
}

interface Streams {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
}

export class TerminalWatch {
  private watching = false;
  private readonly onEnd = (): void => this.gone();
  /** A failure of a terminal gone away is expected and ends the app; any other is a real error. */
  private readonly onError = (error: unknown): void => {
    if (!isTerminalGoneError(error)) throw error;
    this.gone();
  };

  constructor(
    private readonly streams: Streams,
    private readonly onGone: () => void,
  ) {}

  start(): void {
    if (this.watching) return;
    this.watching = true;
    const { stdin, stdout, stderr } = this.streams;
    // A hung-up terminal reads as end of input; a live one in raw mode never does.
    if (stdin.isTTY) stdin.once('end', this.onEnd);
    for (const stream of [stdin, stdout, stderr]) {
      // Kept to the end of the process: writes can still fail after the app has finished.
      if (stream.isTTY && !stream.listeners('error').includes(this.onError)) stream.on('error', this.onError);
    }
  }

  /** Stops reporting; write failures of a dead terminal are still swallowed. */
  stop(): void {
    this.watching = false;
    this.streams.stdin.off('end', this.onEnd);
  }

  private gone(): void {
    if (this.watching) this.onGone();
  }
}
