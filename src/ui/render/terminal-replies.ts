/** What the frame pacer (frame-pacer.ts) hears from the terminal, and what it says of it. */
import type { KeyPace } from './stillness.js';

/** Who hears the terminal's replies (the app's one input reader). */
export interface ReplySource {
  /** Calls `onReply` with every terminal reply until the returned function is called. */
  awaitReplies(onReply: (seq: string) => void): () => void;
  /**
   * A query was sent: its answer is owed, and what may be its first bytes must not be read as keys.
   * Returns how many DA1 answers the terminal owes before this one's (its own queries and others').
   */
  expectReply?(): number;
  /** How long the terminal has owed its first answer (ms); 0 once it has answered, or before it was asked. */
  silentForMs?(): number;
  /** When the last key was read (performance.now()) and the pace keys came at; undefined before any. */
  keys?(): KeyPace | undefined;
}

/** The newest frame the terminal has answered: what the user sees. */
export interface ShownFrame {
  readonly frame: number;
  readonly escStops: boolean;
}
