/**
 * Two WebAssembly modules run in the app: undici's HTTP parser (llhttp) and yoga, ink's layout
 * engine. V8 compiles them first with its baseline compiler (Liftoff), then compiles their hot
 * functions again with TurboFan on a background thread, and that compiler's scratch memory stays
 * behind in the thread's malloc arena: some 10 MB resident for the rest of the run, in about half
 * the runs measured. Both do little work per frame or response, so they keep the baseline code.
 * Must be set before either module is compiled (undici compiles llhttp for its first connection).
 */
import { setRuntimeFlags } from '../startup/runtime-flags.js';

export function keepWasmOnBaselineCode(): void {
  // --liftoff-only turns tier-up off too, and --no-liftoff-only leaves it off.
  setRuntimeFlags('liftoff-only', '--liftoff-only', '--no-liftoff-only --wasm-tier-up --wasm-dynamic-tiering');
}
