/** The terminal's side of the frame pacer's tests: who listens for replies, and answering them. */
import type { ReplySource } from '../../src/ui/render/frame-pacer.js';

const DA1_REPLY = '\u001B[?1;2c';

export class FakeReplies implements ReplySource {
  readonly listeners = new Set<(seq: string) => void>();
  /** DA1 answers the terminal owes, as the input reader counts them. */
  private owed = 0;

  awaitReplies(onReply: (seq: string) => void): () => void {
    this.listeners.add(onReply);
    return () => this.listeners.delete(onReply);
  }

  expectReply(): number {
    return this.owed++;
  }

  /** Something other than the pacer asked the terminal a DA1 query (the colour query at start). */
  askedElsewhere(): void {
    this.owed++;
  }

  answer(seq = DA1_REPLY): void {
    if (seq === DA1_REPLY) this.owed = Math.max(0, this.owed - 1);
    for (const listener of [...this.listeners]) listener(seq);
  }
}
