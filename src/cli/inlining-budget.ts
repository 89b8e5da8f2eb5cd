/**
 * V8's optimising compiler (TurboFan) inlines callees into a hot function up to a budget of
 * bytecode (920 bytes by default): the bigger the budget, the longer each compile. The app's hot
 * functions (the diff writer, the grapheme and width code, the pager's path from one page to the
 * next) are compiled on a background thread within the first seconds, as a user's first `G` runs;
 * on a 2-core machine those compiles take the core the server (on loopback) or the terminal needs.
 * With a budget of 300 bytes they cost about a third less CPU, and the code they make runs no
 * slower on the app's paths (bench/results/g-cpu-shapes.md). Set before the app's code is hot.
 */
import { setRuntimeFlag } from '../startup/runtime-flags.js';

const DEFAULT_BYTES = 920;
const BUDGET_BYTES = 300;

export function trimInliningBudget(): void {
  setRuntimeFlag('max-inlined-bytecode-size-cumulative', String(BUDGET_BYTES), String(DEFAULT_BYTES));
}
