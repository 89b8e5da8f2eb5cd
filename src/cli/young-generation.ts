/**
 * V8 doubles its young generation (up to 2 × 16 MB on 64-bit) while a program allocates fast, as
 * `G` over a long listing does, and keeps it: those pages stay in the process's resident memory
 * for the rest of the run. Nearly everything a load allocates either dies at once (response text)
 * or lives as long as the list (items), so a larger young generation buys the app no speed; it is
 * kept at its start-up size. Only the growth factor can change after start (the maximum is read
 * when the heap is set up); both Node 20 and 24 read it at every growth decision.
 */
import { setFlagsFromString } from 'node:v8';

export function keepYoungGenerationSmall(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}
