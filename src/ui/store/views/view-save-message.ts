/**
 * What `V` says when the view could not be written to the config file, fitted to the status line:
 * the file's path shortened in its middle first, then left out, then a shorter way out; the reason
 * is said whole wherever it fits.
 */
import { ConfigWriteError } from '../../../auth/config-views.js';
import { displayWidth } from '../../../text/index.js';
import { fitForms, shortPath, type ExportMessage } from '../prompts/export-message.js';

/** `View "x" saved for this session only: could not write …/config.json: the disk is full. — V tries again`. */
export function notSavedMessage(what: string, error: unknown, width: number): ExportMessage {
  const head = `${what} for this session only`;
  if (!(error instanceof ConfigWriteError)) return { text: `${head}: ${error instanceof Error ? error.message : String(error)}.` };
  const { path, reason, shortHint } = error.facts;
  const said = (w: number): string => error.message.replaceAll(path, shortPath(path, w));
  return fitForms(
    [
      (w) => ({ text: `${head}: ${said(w)}.`, hint: error.hint }),
      () => ({ text: `${head}: ${reason}.`, hint: error.hint }),
      (w) => ({ text: `${head}: ${said(w)}.`, hint: shortHint }),
      () => ({ text: `${head}: ${reason}.`, hint: shortHint }),
      () => ({ text: `${head}: ${reason}.` }),
      // Narrower: the reason before the rest.
      () => ({ text: `Not saved to the config: ${reason}`, hint: shortHint }),
      () => ({ text: `Not saved: ${reason}` }),
    ],
    displayWidth(path),
    width,
  );
}
