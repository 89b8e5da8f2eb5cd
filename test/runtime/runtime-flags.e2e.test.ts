// In the e2e tier for its process of its own: V8 flags are process-wide, and in-process unit files share a thread whose earlier files (a query test compiling a regex) leave flags set.
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setRuntimeFlag, setRuntimeFlags, withStartFlags } from '../../src/startup/runtime-flags.js';
import { keepWasmOnBaselineCode } from '../../src/cli/wasm-baseline.js';
import { trimInliningBudget } from '../../src/cli/inlining-budget.js';

// V8 checks a code cache against a hash of the flags it was made under, so a cache shows which
// flags were set. Each script gets its own name: V8 would otherwise reuse its compilation and never
// look at the cached data.
const SOURCE = 'function answer() { return 42; } answer();';
let scripts = 0;
const script = (cachedData?: Buffer) => new vm.Script(SOURCE, { filename: `flags-${scripts++}.js`, ...(cachedData ? { cachedData } : {}) });
const cacheMadeNow = (): Buffer => script().createCachedData();
const rejectedNow = (data: Buffer): boolean => script(data).cachedDataRejected === true;

const LIFTOFF_START = '--no-liftoff-only --wasm-tier-up --wasm-dynamic-tiering';

describe('runtime V8 flags', () => {
  // V8's flags belong to the process, which in-process test files share: a regex typed in a query
  // test (ui/query/safe-regex.ts) leaves the regexp engine's flags set. Start from V8's defaults.
  beforeAll(() => {
    v8.setFlagsFromString('--no-enable-experimental-regexp-engine --no-enable-experimental-regexp-engine-on-excessive-backtracks --regexp-backtracks-before-fallback=50000');
  });

  afterEach(() => {
    setRuntimeFlags('liftoff-only', LIFTOFF_START, LIFTOFF_START);
    setRuntimeFlag('semi-space-growth-factor', '2', '2');
    setRuntimeFlag('max-inlined-bytecode-size-cumulative', '920', '920');
  });

  // Each switch is undone for the time of the callback (with the flags it implies), and a code
  // cache made then is taken once the start flags are back.
  it.each([
    ['the wasm baseline switch', keepWasmOnBaselineCode, () => setRuntimeFlags('liftoff-only', LIFTOFF_START, LIFTOFF_START)],
    ['the trimmed inlining budget', trimInliningBudget, () => setRuntimeFlag('max-inlined-bytecode-size-cumulative', '920', '920')],
  ])('%s is undone for the time of the callback', (_name, set, reset) => {
    const atStart = cacheMadeNow();
    set();
    expect(rejectedNow(atStart)).toBe(true);
    expect(withStartFlags(() => rejectedNow(atStart))).toBe(false);
    const madeInside = withStartFlags(cacheMadeNow);
    expect(rejectedNow(atStart)).toBe(true);
    reset();
    expect(rejectedNow(madeInside)).toBe(false);
  });

  it('valued and boolean flags changed together are all set back', () => {
    const atStart = cacheMadeNow();
    setRuntimeFlag('semi-space-growth-factor', '1', '2');
    keepWasmOnBaselineCode();
    expect(rejectedNow(atStart)).toBe(true);
    expect(withStartFlags(() => rejectedNow(atStart))).toBe(false);
  });
});
