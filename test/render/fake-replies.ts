/** The terminal's side of the frame pacer's tests: who listens for replies, and answering them. */
import type { ReplySource } from '../../src/ui/render/frame-pacer.js';

const DA1_REPLY = '\u001B[?1;2c';

export class FakeReplies implements ReplySource {
  readonly listeners = new Set<(seq: string) => void>();

  awaitReplies(onReply: (seq: string) => void): () => void {
    this.listeners.add(onReply);
    return () => this.listeners.delete(onReply);
  }

  answer(seq = DA1_REPLY): void {
    for (const listener of [...this.listeners]) listener(seq);
  }
}
