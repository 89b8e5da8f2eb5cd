/**
 * Colours in the frames a file renders: ink colours through its chalk, whose level is read from
 * FORCE_COLOR once, when chalk loads. Unit files share loaded packages (vitest.config.ts), so this
 * sets that chalk's level itself, from now until the file's tests are over.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { afterAll } from 'vitest';

// ink's own chalk, found from ink's folder (chalk is ink's dependency, not ours).
const inkPath = createRequire(import.meta.url).resolve('ink');
const chalkPath = createRequire(inkPath).resolve('chalk');
const { default: chalk } = (await import(pathToFileURL(chalkPath).href)) as { default: { level: number } };

/** Renders in this file carry colours at `level` (1: 16 colours, 3: true colour), as FORCE_COLOR=level gives. */
export function forceColor(level: 1 | 2 | 3): void {
  const previous = chalk.level;
  chalk.level = level;
  afterAll(() => {
    chalk.level = previous;
  });
}
