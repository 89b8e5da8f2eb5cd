/**
 * A writer for stdout that respects backpressure (waits for 'drain') and notices when the reader
 * has gone away (EPIPE: `pagetui pages X --json | head -3`), so the listing can stop quietly.
 * Stdout that is a regular file is written here directly, every byte checked: Node's own stream
 * for a file drops the rest of a short write (a disk that fills) without an error.
 */
import { fstatSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { writeAllSync } from '../../fs/write-all.js';

/** Error codes meaning "the reader closed the pipe"; the command then ends with exit 0. */
const CLOSED_CODES = new Set(['EPIPE', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END', 'ECONNRESET']);

export class OutputWriter {
  readonly #stream: Writable;
  /** The descriptor when the stream is a regular file, written with checked synchronous writes. */
  readonly #fileFd: number | undefined;
  #closed = false;
  #failure: Error | undefined;
  #wake: (() => void) | undefined;

  readonly #onError = (err: Error): void => {
    const code = (err as { code?: unknown }).code;
    if (typeof code !== 'string' || !CLOSED_CODES.has(code)) this.#failure ??= err;
    this.#markClosed();
  };

  readonly #onClose = (): void => this.#markClosed();
  readonly #onDrain = (): void => this.#wakeUp();

  constructor(stream: Writable) {
    this.#stream = stream;
    this.#fileFd = regularFileFd(stream);
    stream.on('error', this.#onError);
    stream.on('close', this.#onClose);
    stream.on('drain', this.#onDrain);
    if (stream.destroyed || stream.writableEnded) this.#closed = true;
  }

  /** True once the stream can take no more output (the reader left, or writing failed). */
  get closed(): boolean {
    return this.#closed;
  }

  /** A write error that was not a closed pipe (reported by the caller), if any. */
  get failure(): Error | undefined {
    return this.#failure;
  }

  /**
   * Writes text; resolves once the stream can take more (after 'drain' when its buffer is full).
   * Resolves false when the stream is closed and the caller should stop producing output.
   */
  async write(text: string): Promise<boolean> {
    if (this.#closed) return false;
    if (text === '') return true;
    let ok: boolean;
    try {
      if (this.#fileFd !== undefined) {
        writeAllSync(this.#fileFd, text);
        return true;
      }
      ok = this.#stream.write(text);
    } catch (err) {
      this.#onError(err instanceof Error ? err : new Error(String(err)));
      return false;
    }
    if (!ok && !this.#closed) {
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
    return !this.#closed;
  }

  /** Detaches the listeners; keeps a no-op error listener so a late EPIPE cannot crash the process. */
  dispose(): void {
    this.#stream.off('error', this.#onError);
    this.#stream.off('close', this.#onClose);
    this.#stream.off('drain', this.#onDrain);
    if (this.#stream.listenerCount('error') === 0) this.#stream.on('error', () => {});
    this.#wakeUp();
  }

  #markClosed(): void {
    this.#closed = true;
    this.#wakeUp();
  }

  #wakeUp(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }
}

/** The stream's descriptor when it writes into a regular file, else undefined. */
function regularFileFd(stream: Writable): number | undefined {
  const fd = (stream as { fd?: unknown }).fd;
  if (typeof fd !== 'number') return undefined;
  try {
    return fstatSync(fd).isFile() ? fd : undefined;
  } catch {
    return undefined;
  }
}
