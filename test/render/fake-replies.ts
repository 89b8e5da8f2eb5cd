/** The terminal's side of the frame pacer's tests: who listens for replies, and answering them. */
import type { ReplySource } from '../../src/ui/render/terminal-replies.js';

const DA1_REPLY = '\u001B[?1;2c';

export class FakeReplies implements ReplySource {
  readonly listeners = new Set<(seq: string) => void>();
  /** DA1 answers the terminal owes, as the input reader counts them; when it was first asked, and whether it ever answered. */
  private owed = 0;
  private firstAskedAt: number | undefined;
  private answeredOnce = false;

  awaitReplies(onReply: (seq: string) => void): () => void {
    this.listeners.add(onReply);
    return () => this.listeners.delete(onReply);
  }

  expectReply(): number {
    this.firstAskedAt ??= performance.now();
    return this.owed++;
  }

  /** Something other than the pacer asked the terminal a DA1 query (the colour query at start). */
  askedElsewhere(): void {
    this.expectReply();
  }

  silentForMs(): number {
    return this.answeredOnce || this.firstAskedAt === undefined ? 0 : performance.now() - this.firstAskedAt;
  }

  answer(seq = DA1_REPLY): void {
    if (seq === DA1_REPLY) {
      this.owed = Math.max(0, this.owed - 1);
      this.answeredOnce = true;
    }
    for (const listener of [...this.listeners]) listener(seq);
  }
}
