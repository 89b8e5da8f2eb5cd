/**
 * `--har FILE` is written when the run ends; a path that cannot be written is said before the
 * first request, not after a long session whose record would then be lost.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { escapeJsonControls } from '../text/json.js';

const quote = (text: string): string => escapeJsonControls(JSON.stringify(text));

/** Why `path` cannot take the HAR file, in one sentence; undefined when it can (as far as can be told now). */
export function harPathProblem(path: string): string | undefined {
  const file = resolve(path);
  const folder = dirname(file);
  const target = statOf(file);
  if (target?.isDirectory()) return `--har ${quote(path)} is a folder; give a file name, e.g. --har run.har.`;
  const parent = statOf(folder);
  if (parent === undefined) return `--har ${quote(path)}: the folder ${quote(folder)} does not exist.`;
  if (!parent.isDirectory()) return `--har ${quote(path)}: ${quote(folder)} is not a folder.`;
  try {
    accessSync(target === undefined ? folder : file, constants.W_OK);
  } catch {
    return `--har ${quote(path)} cannot be written (no permission).`;
  }
  return undefined;
}

function statOf(path: string) {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}
