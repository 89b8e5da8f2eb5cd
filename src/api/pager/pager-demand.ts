/**
 * What a pager is asked to load: the items the view needs (a count that only rises until the
 * view lets go), how many of them are on screen, and whether the whole listing is wanted (`G`,
 * Tab). Fetching past what is on screen is background work, paced by the quota.
 */
export class PagerDemand {
  /** Items the view needs loaded. */
  #need = 0;
  /** Of those, the ones on screen. */
  #urgent = 0;
  /** Loading the whole listing, beyond what the view needs. */
  #all = false;

  get loadingAll(): boolean {
    return this.#all;
  }

  /** The view needs `count` items, the first `urgent` of them on screen; neither ever drops here. */
  raise(count: number, urgent: number): void {
    if (count > this.#need) this.#need = count;
    if (urgent > this.#urgent) this.#urgent = Math.min(urgent, count);
  }

  /** The view needs no more than the `loaded` items it has. */
  lowerTo(loaded: number): void {
    this.#need = loaded;
    this.#urgent = Math.min(this.#urgent, loaded);
  }

  /** Starts or ends the whole listing's load; returns whether it was loading. */
  setLoadingAll(all: boolean): boolean {
    const was = this.#all;
    this.#all = all;
    return was;
  }

  /** With `loaded` items, whether another page is wanted. */
  wantsMore(loaded: number): boolean {
    return this.#all || loaded < this.#need;
  }

  /** With `loaded` items, whether the view has all it needs. */
  covered(loaded: number): boolean {
    return loaded >= this.#need;
  }

  /** With `loaded` items, whether all that is on screen is loaded (further fetches are background). */
  screenLoaded(loaded: number): boolean {
    return loaded >= this.#urgent;
  }
}
