/** Turns a pager's change notifications into frames, batched while a whole list loads. */
import type { Pager } from '../../api/pager.js';

const BULK_FRAME_MS = 100;

/**
 * Calls `onChange` after each change of `pager`. While `inBulk()` (`G` or Tab loading
 * everything), pages arrive back to back: draw at most every 100 ms (the progress stays live,
 * and 1,000 pages cost a few dozen frames instead of two thousand). A due frame is drawn on the
 * page's own notification, when the pager has already sent the next request, so the frame's work
 * overlaps the network; a frame left waiting is drawn 100 ms later if no page comes first.
 * Returns the function that stops watching (and drops a frame still waiting).
 */
export function watchPager(pager: Pager, inBulk: () => boolean, onChange: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let drawnAt = Number.NEGATIVE_INFINITY;
  const draw = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    drawnAt = Date.now();
    onChange();
  };
  const unsubscribe = pager.subscribe(() => {
    const now = Date.now();
    if (!inBulk() || now - drawnAt >= BULK_FRAME_MS || now < drawnAt) draw();
    else timer ??= setTimeout(draw, BULK_FRAME_MS);
  });
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    unsubscribe();
  };
}
