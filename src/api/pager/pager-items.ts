/**
 * The items a pager accepted. Kept (the default): they grow in place and readers get a copy made
 * only when someone reads it. Not kept (a streaming consumer): each page's new items and warnings
 * wait to be handed out once by `takeNew()`.
 */
import { PackedItems, type LoadedItems } from './packed-items.js';
import type { PageSource, RawItem } from '../types.js';

/** What arrived since the last `takeNew()`. */
export interface NewItems {
  readonly items: readonly RawItem[];
  readonly warnings: readonly string[];
}

export class PagerItems {
  readonly keeps: boolean;
  readonly #items = new PackedItems();
  /** What readers get: one view per change, made when someone reads it. */
  #published: LoadedItems | undefined;
  /** Without keepItems: what `takeNew()` hands out next. */
  #fresh: RawItem[] = [];
  #freshWarnings: string[] = [];
  #loaded = 0;

  constructor(keeps: boolean) {
    this.keeps = keeps;
  }

  /** Items accepted so far (also when not kept). */
  get count(): number {
    return this.#loaded;
  }

  /** A page's new items, after the ones accepted before; `source` is the body they came in, `picks` their positions in it. */
  add(added: readonly RawItem[], source?: PageSource, picks?: readonly number[]): void {
    this.#loaded += added.length;
    if (this.keeps) {
      this.#items.append(added, source, picks);
      this.#published = undefined;
    } else {
      for (const raw of added) this.#fresh.push(raw);
    }
  }

  /** A page's warnings: only kept for `takeNew()` when the items are not kept. */
  addWarnings(warnings: readonly string[]): void {
    if (!this.keeps) this.#freshWarnings.push(...warnings);
  }

  /** Without keepItems: the items and warnings that arrived since the last call, handed out once. */
  takeNew(): NewItems {
    const taken = { items: this.#fresh, warnings: this.#freshWarnings };
    if (taken.items.length > 0) this.#fresh = [];
    if (taken.warnings.length > 0) this.#freshWarnings = [];
    return taken;
  }

  /** Kept items only: those at the keys of `replaced` changed, those at `removed` (ascending positions) went. */
  revise(replaced: ReadonlyMap<number, RawItem>, removed: readonly number[]): void {
    this.#items.revise(replaced, removed);
    this.#loaded = this.#items.count;
    this.#published = undefined;
  }

  /** The kept items as readers see them; the same view until they change. */
  published(): LoadedItems {
    this.#published ??= this.#items.view();
    return this.#published;
  }
}
