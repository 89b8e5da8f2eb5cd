/**
 * A stand-in stdout for ink: it looks like the terminal (size, TTY, resize events) but passes
 * every write through a DiffWriter, so the real terminal only receives the cells that changed.
 */
import { EventEmitter } from 'node:events';
import type { TerminalCapabilities } from '../../terminfo/capabilities.js';
import { DiffWriter } from './diff-writer.js';
import { FramePacer } from './frame-pacer.js';
import type { ReplySource, ShownFrame } from './terminal-replies.js';

export interface DiffOutput {
  /** Give this to ink's `render()` as `stdout`. */
  readonly stdout: NodeJS.WriteStream;
  readonly writer: DiffWriter;
  /** Clears the terminal and draws the current frame again (e.g. after a suspend). */
  repaint(): void;
  /** Resolves once the terminal has answered every frame's query, or after `maxMs` (before the app leaves). */
  settled(maxMs: number): Promise<void>;
  /** The newest frame the terminal has answered, and how many have gone out (frame-pacer.ts); undefined: not known. */
  shown(): ShownFrame | undefined;
  framesSent(): number;
  /** Stops following the real terminal's resize events. */
  dispose(): void;
}

type WriteCallback = (error?: Error | null) => void;

class DiffStdout extends EventEmitter {
  constructor(
    private readonly real: NodeJS.WriteStream,
    private readonly writer: DiffWriter,
  ) {
    super();
  }

  get columns(): number {
    return this.real.columns;
  }

  get rows(): number {
    return this.real.rows;
  }

  get isTTY(): boolean {
    return this.real.isTTY;
  }

  get writable(): boolean {
    return this.real.writable;
  }

  get destroyed(): boolean {
    return this.real.destroyed;
  }

  get writableEnded(): boolean {
    return this.real.writableEnded;
  }

  get writableLength(): number {
    return this.real.writableLength;
  }

  write(chunk: string | Uint8Array, encoding?: BufferEncoding | WriteCallback, callback?: WriteCallback): boolean {
    const done = typeof encoding === 'function' ? encoding : callback;
    this.writer.write(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    // Ink waits on a write callback before it reports the exit: let it follow the real bytes.
    if (done) this.real.write('', done);
    return true;
  }
}

/** A diff writer for `real` (a TTY stream), sized to it. */
export function createDiffWriter(real: NodeJS.WriteStream, capabilities?: TerminalCapabilities): DiffWriter {
  return new DiffWriter({
    capabilities,
    columns: real.columns || 80,
    rows: real.rows || 24,
    write: (data) => {
      real.write(data);
    },
  });
}

/**
 * Wraps `real` (a TTY stream) for ink; see DiffOutput. `writer`: one that has drawn on it already.
 * `replies`: the terminal's answers, to pace frames to what it has shown (frame-pacer.ts).
 */
export function createDiffOutput(
  real: NodeJS.WriteStream,
  capabilities?: TerminalCapabilities,
  writer = createDiffWriter(real, capabilities),
  replies?: ReplySource,
): DiffOutput {
  const pacer = replies ? new FramePacer(replies) : undefined;
  if (pacer) writer.pace(pacer);
  // The terminal may have changed size since `writer` drew on it: all is drawn again then.
  if (writer.model.columns !== (real.columns || 80) || writer.model.rows !== (real.rows || 24)) writer.resize(real.columns || 80, real.rows || 24);
  const stdout = new DiffStdout(real, writer);
  let pendingRepaint: NodeJS.Immediate | undefined;
  const onResize = () => {
    writer.resize(real.columns || 80, real.rows || 24);
    stdout.emit('resize');
    // Ink redraws on resize when its frame changed; if it did not, draw what we have.
    pendingRepaint ??= setImmediate(() => {
      pendingRepaint = undefined;
      writer.flush();
    });
  };
  real.on('resize', onResize);
  return {
    stdout: stdout as unknown as NodeJS.WriteStream,
    writer,
    repaint: () => writer.repaint(),
    settled: (maxMs) => pacer?.settled(maxMs) ?? Promise.resolve(),
    shown: () => pacer?.shown(),
    framesSent: () => pacer?.framesSent() ?? 0,
    dispose: () => {
      real.off('resize', onResize);
      if (pendingRepaint) clearImmediate(pendingRepaint);
      pacer?.dispose();
    },
  };
}
