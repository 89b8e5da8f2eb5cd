/** The unit tier's stand-in for @lydell/node-pty: opening a pty fails with the tier rule. */
import { IN_PROCESS_ONLY } from './in-process-only.js';

export function spawn(file: string): never {
  throw new Error(`pty spawn(${file}): ${IN_PROCESS_ONLY}`);
}
