/** Turns a pager's change notifications into frames, batched while a whole list loads. */
import type { Pager } from '../../api/pager.js';

const BULK_FRAME_MS = 100;

/**
 * Calls `onChange` after each change of `pager`. While `inBulk()` (`G` or Tab loading
 * everything), pages arrive back to back: draw at most every 100 ms (the progress stays live,
 * and 1,000 pages cost a few dozen frames instead of two thousand). Returns the function that
 * stops watching (and drops a frame still waiting).
 */
export function watchPager(pager: Pager, inBulk: () => boolean, onChange: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = pager.subscribe(() => {
    if (!inBulk()) {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      onChange();
    } else if (timer === undefined) {
      timer = setTimeout(() => {
        timer = undefined;
        onChange();
      }, BULK_FRAME_MS);
    }
  });
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    unsubscribe();
  };
}
