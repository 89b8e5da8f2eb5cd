/**
 * The one reader of the terminal's input, from the background query at start-up to the last key:
 * `read()` on every 'readable' (in raw mode), each read through the one decoder (decoder.ts),
 * replies to whoever waits for one, keys and mouse reports to the listeners. Ink never reads
 * stdin itself: nothing asks it to (no `useInput`, no ink raw mode). No React here.
 */
import { StringDecoder } from 'node:string_decoder';
import { InputDecoder, type InputEvent } from './decoder.js';

/** Hears keys and mouse reports, one segment (a run of plain bytes, one sequence) at a time. */
export type InputListener = (event: Exclude<InputEvent, { kind: 'reply' }>) => void;

/** What is read: a TTY in the app, a fake one in tests. */
export type InputStream = Pick<NodeJS.ReadStream, 'on' | 'off' | 'read' | 'isTTY'> &
  Partial<Pick<NodeJS.ReadStream, 'setRawMode' | 'ref' | 'unref'>>;

/**
 * While answers are owed a lone ESC may be one's first byte, cut off on a slow link: it waits for the
 * next read (an Esc typed meanwhile is told from the answer after it by its shape, decoder.ts). They
 * stay owed while the terminal keeps answering: this long after the last query or answer, no more.
 */
const ANSWER_OWED_MS = 2_000;
/**
 * How long a sequence's start (`ESC [`, `ESC O`, `ESC ]`) waits for its rest before it is taken
 * for Esc and a key. A slow link can deliver an arrow key's two halves this far apart, and taking
 * the first half for Esc would go back a level or clear a filter. (Anything longer that is cut
 * off waits for its end however late: see InputDecoder.flush.)
 */
const SEQUENCE_START_MS = 1_000;
/**
 * A terminal that has not answered its first query within this long (theme/query-background.ts's
 * cap) is taken not to answer at all: no lone ESC is held for its answers any more, so the Esc key
 * acts at once. An answer that still comes, whole, is read as one and ends that belief.
 */
const FIRST_ANSWER_CAP_MS = 1_000;

const DA1_REPLY = /^\u001b\[\?[\d;]*c$/;
/** Keys closer than this are one run (a held key); a longer wait is a pause. */
const KEYS_IN_A_RUN_MS = 500;

export class TerminalInput {
  private readonly decoder = new InputDecoder();
  private readonly text = new StringDecoder('utf8');
  /** Newest first: what opened last hears a key first. */
  private listeners: InputListener[] = [];
  private readonly replyListeners = new Set<(seq: string) => void>();
  /** Keys that came while nobody listened (typed during the background query). */
  private held: Parameters<InputListener>[0][] = [];
  private reading = false;
  private cancelFlush: (() => void) | undefined;
  private stopTimer: NodeJS.Immediate | undefined;
  /** DA1 queries asked and not yet answered (terminals answer in order: each DA1 reply ends one)… */
  private owed = 0;
  /** …until then (performance.now()) at least, or ANSWER_OWED_MS after the last answer (answeredAt). */
  private owedUntil = 0;
  /** When the first query was asked (performance.now()), and whether any has been answered. */
  private firstAskedAt: number | undefined;
  private answeredOnce = false;
  private answeredAt = Number.NEGATIVE_INFINITY;
  /** When the last key or mouse report was read (performance.now()), and the pace keys came at. */
  private keyAt: number | undefined;
  private keyGapMs = 0;
  /** Another program has the terminal (pause()): nothing is read until it is given back. */
  private paused = false;
  /** What a question read past its answer (commands/question-keys.ts), the app's once it reads again. */
  private typedAhead: string | undefined;

  constructor(private readonly stream: InputStream) {}

  /** Calls `listener` with every key and mouse report until the returned function is called. */
  listen(listener: InputListener): () => void {
    this.listeners = [listener, ...this.listeners];
    this.start();
    const held = this.held;
    this.held = [];
    for (const event of held) listener(event);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
      // Raw mode off once nobody reads keys (the app or a prompt ended), as ink did; soon, so a
      // listener replaced in the same render never lets the terminal echo in between.
      if (this.listeners.length === 0 && this.replyListeners.size === 0) this.stopSoon(true);
    };
  }

  /**
   * Calls `onReply` with every terminal reply until the returned function is called; the
   * terminal owes a reply from now until its DA1 reply. Stopping leaves raw mode on: the app
   * takes the input from there, and nothing typed meanwhile may be echoed.
   */
  awaitReplies(onReply: (seq: string) => void): () => void {
    this.replyListeners.add(onReply);
    if (this.owed === 0) this.expectReply();
    this.start();
    return () => {
      this.replyListeners.delete(onReply);
      if (this.listeners.length === 0 && this.replyListeners.size === 0) this.stopSoon(false);
    };
  }

  /**
   * A query that the terminal answers with a DA1 reply was sent (a frame's, frame-pacer.ts):
   * returns how many DA1 replies it owes before this one's (it answers in order).
   */
  expectReply(): number {
    const now = performance.now();
    this.firstAskedAt ??= now;
    this.owedUntil = now + ANSWER_OWED_MS;
    return this.owed++;
  }

  /** How long the terminal has owed its first answer (ms); 0 once it has answered, or before it was asked. */
  silentForMs(): number {
    return this.answeredOnce || this.firstAskedAt === undefined ? 0 : performance.now() - this.firstAskedAt;
  }

  /** Until when (performance.now()) what may start an owed answer waits for its rest; 0 when nothing is
   * owed, or the terminal let its first query go unanswered past the cap (an ESC within it still waits). */
  private replyOwedUntil(): number {
    const now = performance.now();
    if (this.owed === 0) return 0;
    if (!this.answeredOnce && this.firstAskedAt !== undefined && now >= this.firstAskedAt + FIRST_ANSWER_CAP_MS) return 0;
    const until = Math.max(this.owedUntil, this.answeredAt + ANSWER_OWED_MS);
    return now < until ? until : 0;
  }

  private replyOwed(): boolean {
    return this.replyOwedUntil() > 0;
  }

  /**
   * Stops reading while another program has the terminal, until the returned function is called.
   * Taking the 'readable' listener away is not enough: the stream keeps one read of the terminal
   * pending until a chunk comes, and that chunk — a key typed for the program — would be the app's.
   * So the stream's own read stops too, at once, and no read of the terminal is left waiting.
   */
  pause(): () => void {
    if (this.stopTimer) clearImmediate(this.stopTimer);
    this.stopTimer = undefined;
    this.paused = true;
    const heldBefore = this.held.length;
    if (this.reading) {
      this.reading = false;
      this.stream.off('readable', this.onReadable);
    }
    stopPendingRead(this.stream);
    return () => {
      if (!this.paused) return;
      this.paused = false;
      // Keys read in the same chunk as the one that handed the terminal over (a paste, keys bunched
      // by a slow link) were typed for the program: none of them is the app's.
      this.held = this.held.slice(0, heldBefore);
      if (this.listeners.length > 0 || this.replyListeners.size > 0) this.start();
      if (this.listeners.length === 0) return;
      const held = this.held;
      this.held = [];
      this.dispatch(held);
    };
  }

  /**
   * A question asked while paused was answered (commands/question-keys.ts): what it read after its
   * answer (`rest`) and whatever is typed from now on are the app's keys, not leftovers of a program.
   */
  keepTypedAhead(rest: string): void {
    this.typedAhead = (this.typedAhead ?? '') + rest;
  }

  /** True when a question was answered since the program got the terminal (keepTypedAhead). */
  questionAnswered(): boolean {
    return this.typedAhead !== undefined;
  }

  /** Once reading again: what a question read past its answer goes to the app's listeners, as if read now. */
  releaseTypedAhead(): void {
    const text = this.typedAhead;
    this.typedAhead = undefined;
    if (text === undefined || text === '') return;
    this.dispatch(this.decoder.push(text));
    if (this.decoder.waiting()) this.dispatch(this.decoder.flush());
  }

  /**
   * While paused: the next read of the terminal, for a question the app asks while the program it
   * handed the terminal to is stopped. Reading stops again right after it (or once `signal` aborts:
   * then with ''), so no later key is taken from the program.
   */
  readOnceWhilePaused(signal: AbortSignal): Promise<string> {
    return new Promise((resolve) => {
      const done = (text: string): void => {
        this.stream.off('readable', onReadable);
        signal.removeEventListener('abort', onAbort);
        stopPendingRead(this.stream);
        resolve(text);
      };
      const onReadable = (): void => {
        let text = '';
        let chunk: string | Buffer | null;
        while ((chunk = this.stream.read() as string | Buffer | null) !== null) text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
        if (text !== '') done(text);
      };
      const onAbort = (): void => done('');
      if (signal.aborted) return resolve('');
      signal.addEventListener('abort', onAbort);
      this.stream.on('readable', onReadable);
    });
  }

  /**
   * When the last key or mouse report was read (performance.now()), and the longest recent wait
   * between keys that came in a run (a held key's repeat, as it reaches the app); undefined before any key.
   */
  keys(): { readonly lastAt: number; readonly everyMs: number } | undefined {
    return this.keyAt === undefined ? undefined : { lastAt: this.keyAt, everyMs: this.keyGapMs };
  }

  /** True when the last read ended inside a sequence or a reply. */
  unfinished(): boolean {
    return this.decoder.waiting();
  }

  private start(): void {
    if (this.stopTimer) clearImmediate(this.stopTimer);
    this.stopTimer = undefined;
    // A listener that comes while another program has the terminal waits for it to be given back.
    if (this.reading || this.paused) return;
    this.reading = true;
    if (this.stream.isTTY) this.stream.setRawMode?.(true);
    this.stream.ref?.();
    this.stream.on('readable', this.onReadable);
  }

  private stopSoon(restoreMode: boolean): void {
    if (this.stopTimer) clearImmediate(this.stopTimer);
    this.stopTimer = setImmediate(() => {
      this.stopTimer = undefined;
      if (!this.reading) return;
      this.reading = false;
      this.stream.off('readable', this.onReadable);
      if (restoreMode && this.stream.isTTY) this.stream.setRawMode?.(false);
      this.stream.unref?.();
    });
  }

  private readonly onReadable = (): void => {
    this.cancelFlush?.();
    this.cancelFlush = undefined;
    let chunk: string | Buffer | null;
    // A key can hand the terminal over (a command of the user's own) in the middle of this loop:
    // one more read() would start the stream's read of the terminal again.
    while (this.reading && (chunk = this.stream.read() as string | Buffer | null) !== null) {
      const text = typeof chunk === 'string' ? chunk : this.text.write(chunk);
      // An ESC left waiting for an owed answer, and a read that cannot be that answer's rest (which
      // goes on with `[` or `]`): the Esc key was typed, then this — two keys, never Alt and a key.
      if (this.decoder.waitsOnEsc() && text !== '' && text[0] !== '[' && text[0] !== ']') this.dispatch(this.decoder.flush());
      this.dispatch(this.decoder.push(text));
    }
    if (!this.decoder.waiting()) return;
    // A lone ESC is the Esc key unless more comes at once (ink waited the same one turn); the rest
    // of anything else cut off may be on its way over a slow link.
    const flush = (): void => {
      this.cancelFlush = undefined;
      this.dispatch(this.decoder.flush(this.replyOwed()));
    };
    // While an answer is owed, what may be its start waits for it (or for the owed time to end).
    const owedUntil = this.replyOwedUntil();
    const owedFor = owedUntil > 0 ? owedUntil - performance.now() : 0;
    if (this.decoder.waitsOnEsc() && owedFor <= 0) {
      const immediate = setImmediate(flush);
      this.cancelFlush = () => clearImmediate(immediate);
    } else {
      const timer = setTimeout(flush, this.decoder.waitsOnEsc() ? owedFor : Math.max(SEQUENCE_START_MS, owedFor));
      this.cancelFlush = () => clearTimeout(timer);
    }
  };

  private noteKey(now: number): void {
    const gap = now - (this.keyAt ?? Number.NEGATIVE_INFINITY);
    if (gap < KEYS_IN_A_RUN_MS) this.keyGapMs = Math.max(gap, this.keyGapMs * 0.8);
    this.keyAt = now;
  }

  private dispatch(events: readonly InputEvent[]): void {
    for (const event of events) {
      if (event.kind === 'reply') {
        if (DA1_REPLY.test(event.seq)) {
          this.owed = Math.max(0, this.owed - 1);
          this.answeredOnce = true;
          this.answeredAt = performance.now();
        }
        for (const onReply of [...this.replyListeners]) onReply(event.seq);
        continue;
      }
      this.noteKey(performance.now());
      if (this.listeners.length === 0 || this.paused) {
        // Typed before a program got the terminal, in the same read as the key that gave it: the app's, after.
        this.held.push(event);
      } else {
        for (const listener of [...this.listeners]) listener(event);
      }
    }
  }
}

interface StreamInternals {
  readonly _handle?: { reading?: boolean; readStop?: () => number } | null;
  readonly _readableState?: { reading: boolean };
}

/**
 * Ends the read a TTY stream keeps pending after its last listener has gone (Node's own stdin
 * does the same on pause()); the next 'readable' listener starts one again.
 */
function stopPendingRead(stream: InputStream): void {
  const { _handle: handle, _readableState: state } = stream as InputStream & StreamInternals;
  if (!handle?.reading || !handle.readStop) return;
  handle.reading = false;
  handle.readStop();
  if (state) state.reading = false;
}

const readers = new WeakMap<object, TerminalInput>();

/** The one reader of `stream`. */
export function terminalInput(stream: InputStream): TerminalInput {
  let reader = readers.get(stream);
  if (!reader) {
    reader = new TerminalInput(stream);
    readers.set(stream, reader);
  }
  return reader;
}
