/** Waiting on what a test expects to happen, never for a fixed time. */

/** Resolves once `done()` is true (checked every 5 ms); fails naming `what` after `ms`. */
export async function waitFor(what: string, done: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
