/**
 * Cases that need what a machine may lack (a tool, a Node version, a user other than root) are
 * skipped there, with the reason. Where a PAGETUI_REQUIRE_* flag is 1 the skip is a failure
 * instead: CI sets each flag where it provides what the cases need (.ci/run, test/README.md).
 */
import nodeModule from 'node:module';

export type RequireFlag =
  | 'PAGETUI_REQUIRE_TMUX'
  | 'PAGETUI_REQUIRE_SCREEN'
  | 'PAGETUI_REQUIRE_COMPILE_CACHE'
  | 'PAGETUI_REQUIRE_NODE20'
  | 'PAGETUI_REQUIRE_SEA'
  | 'PAGETUI_REQUIRE_NOT_ROOT'
  | 'PAGETUI_REQUIRE_SQUID'
  | 'PAGETUI_REQUIRE_TMPFS'
  | 'PAGETUI_REQUIRE_COMPLETION_SHELLS';

/** True where nothing is `missing`; false (skip) where something is, unless `flag` is 1: then it throws, naming it. */
export function canRun(flag: RequireFlag, missing: string | undefined): boolean {
  if (missing === undefined) return true;
  if (process.env[flag] === '1') throw new Error(`${flag}=1, but ${missing}`);
  console.log(`skipped: ${missing} (${flag}=1 makes this a failure)`);
  return false;
}

/** Why a case that root passes anyway cannot be checked here, or undefined. */
export const RUNS_AS_ROOT = process.getuid?.() === 0 ? 'the tests run as root, who may write anywhere' : undefined;

/** Why the cases for a Node without the compile cache API (Node 20) cannot run here, or undefined. */
export const HAS_COMPILE_CACHE_API =
  typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === 'function'
    ? `Node ${process.version} has the compile cache API (these cases are for Node 20)`
    : undefined;
