/**
 * What `e` says in the status line, fitted to the terminal's width: a path too long for the line is
 * shortened in its middle (its start where it fits, `…`, the end of its folder, the whole file
 * name), never cut at its end, so the reason and the way out stay on the line. Where even that is
 * too long, the sentence drops the path before it drops the reason.
 */
import { basename, sep } from 'node:path';
import { displayWidth, sanitize, truncate } from '../../../text/index.js';
import { glyph } from '../../../text/glyphs.js';
import type { FolderFacts } from '../../services/export-folder-facts.js';
import { listKey } from '../../keys/help.js';

/** A status message's text and its way out (the status line joins them with ` — `). */
export interface ExportMessage {
  readonly text: string;
  readonly hint?: string;
}

/** The message with every path shortened to at most `pathWidth` columns. */
export type Form = (pathWidth: number) => ExportMessage;

/** Columns below which a path is not shortened further (the next, shorter form is taken instead). */
const MIN_PATH = 12;
const HINT_JOIN = ' — ';
/** The short way out, with the export key in effect. */
const shortHint = (): string => `${listKey('export')}: another path`;

const capitalised = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

const widthOf = (m: ExportMessage): number => displayWidth(m.text) + (m.hint ? HINT_JOIN.length + displayWidth(m.hint) : 0);

/** The last whole components of `folder` (ending in a separator) that fit in `width` columns. */
function folderEnd(folder: string, width: number): string {
  const parts = folder.split(/(?<=[\\/])/);
  let end = '';
  for (let i = parts.length - 1; i >= 0; i--) {
    const longer = `${parts[i] ?? ''}${end}`;
    if (displayWidth(longer) > width) break;
    end = longer;
  }
  return end;
}

/** A file name in `width` columns: its start, `…`, and its extension. */
function shortName(name: string, width: number): string {
  const extension = /\.[^.]{1,8}$/.exec(name)?.[0] ?? '';
  const room = width - displayWidth(extension);
  return room >= 2 ? `${truncate(name.slice(0, name.length - extension.length), room)}${extension}` : truncate(name, width);
}

/**
 * `path` (sanitised) in at most `width` columns: whole when it fits, else its first folder where
 * there is room, `…`, the last folders that fit and the whole file name (`/home/…/reports/out.csv`,
 * `…/out.csv`); a file name longer than the room keeps its start and its extension.
 */
export function shortPath(path: string, width: number): string {
  const text = sanitize(path);
  if (displayWidth(text) <= width) return text;
  const ellipsis = glyph('ellipsis');
  const cut = Math.max(text.lastIndexOf('/'), text.lastIndexOf(sep));
  if (cut < 0) return shortName(text, width);
  const name = text.slice(cut + 1);
  const folder = text.slice(0, cut + 1);
  const room = width - displayWidth(name) - displayWidth(ellipsis) - 1;
  if (room < 0) return `${ellipsis}${sep}${shortName(name, width - displayWidth(ellipsis) - 1)}`;
  const start = /^(?:~|\.{1,2})?[\\/]?[^\\/]*[\\/]/.exec(folder)?.[0] ?? '';
  const kept = displayWidth(start) * 2 <= room ? start : '';
  return `${kept}${ellipsis}${sep}${folderEnd(folder.slice(kept.length), room - displayWidth(kept))}${name}`;
}

/**
 * The first of `forms` that fits `width` with its paths as long as possible, none shorter than
 * `shortest` columns; the last form, shortest, if none does.
 */
export function fitForms(forms: readonly Form[], longestPath: number, width: number, shortest = MIN_PATH): ExportMessage {
  const least = Math.max(shortest, MIN_PATH);
  for (const form of forms) {
    if (widthOf(form(least)) > width) continue;
    for (let w = Math.max(longestPath, least); w >= least; w--) {
      const message = form(w);
      if (widthOf(message) <= width) return message;
    }
  }
  return (forms.at(-1) as Form)(MIN_PATH);
}

/**
 * A toast's words from `fit`: the widest form now, and `fit` for the status line to fit them to
 * the width it has when drawn (after a resize too).
 */
export const refitted = (fit: (width: number) => ExportMessage): ExportMessage & { readonly fitted: (width: number) => ExportMessage } => ({
  ...fit(Number.POSITIVE_INFINITY),
  fitted: fit,
});

/** Columns `path` takes shortened to `…/` and its whole file name (or whole, where that is shorter). */
const wholeNameWidth = (path: string): number => Math.min(displayWidth(`${glyph('ellipsis')}${sep}${basename(sanitize(path))}`), displayWidth(path));

/**
 * `Exported 40 page groups (the filtered rows) to ./page-groups.csv`, fitted: the path shortened,
 * never below its whole file name; then without the `scope`; then the file alone
 * (`Exported to ./page-groups.csv`). Where it went is the outcome: the count is also in the
 * header, the file nowhere else.
 */
export function exportedMessage(what: string, path: string, width: number, scope = ''): ExportMessage {
  const forms: Form[] = [
    (w) => ({ text: `Exported ${what}${scope} to ${shortPath(path, w)}` }),
    (w) => ({ text: `Exported ${what} to ${shortPath(path, w)}` }),
    (w) => ({ text: `Exported to ${shortPath(path, w)}` }),
    (w) => ({ text: `Wrote ${shortPath(path, w)}` }),
  ];
  return fitForms(forms, displayWidth(path), width, wholeNameWidth(path));
}

/** What `e` knows of a failed write. */
export interface FailedWrite {
  readonly error: unknown;
  /** The path as shown to the user. */
  readonly path: string;
  /** The list's default file name: the example when the path is a folder or has no name. */
  readonly defaultName: string;
}

/** How a failure is said: its reason and way out, each with `p` to show the paths they name (`paths`). */
interface FailureParts {
  readonly reason: (p: (path: string) => string) => string;
  readonly hint: (p: (path: string) => string) => string;
  readonly paths: readonly string[];
}

function failureParts({ error, path, defaultName }: FailedWrite): FailureParts {
  const facts = (error ?? {}) as NodeJS.ErrnoException & FolderFacts;
  const code = facts.code;
  const name = basename(path) === '' ? defaultName : basename(path);
  const e = listKey('export');
  const elsewhere = `press ${e} and try ~${sep}${name}`;
  const simple = (reason: string, hint = `press ${e} to try another path`): FailureParts => ({ reason: () => reason, hint: () => hint, paths: [] });
  if (facts.fileSystem !== undefined) return simple(`not a regular file system (${facts.fileSystem})`, elsewhere);
  if (code === 'EISDIR') {
    const example = `${path.replace(/[\\/]+$/, '')}${sep}${defaultName}`;
    return { reason: () => 'that is a folder', hint: (p) => `press ${e} and type a file name in it, e.g. ${p(example)}`, paths: [example] };
  }
  if (code === 'ENOENT') return simple(facts.folderExists ? 'no file can be made in that folder' : 'the folder does not exist');
  if (code === 'EACCES' || code === 'EPERM') return simple('permission denied', elsewhere);
  if (code === 'EROFS') return simple('the file system is read-only', elsewhere);
  if (code === 'ENOSPC') return simple('the disk is full', `free space, then press ${e}`);
  if (code === 'EDQUOT') return simple('the disk quota is used up', `free space, then press ${e}`);
  if (code === 'EIO') return simple('the disk reported an input/output error', elsewhere);
  if (code === 'EFBIG') return simple('the file is too large for that disk', elsewhere);
  if (code === 'ENOTDIR') return simple('a part of the path is a file, not a folder');
  if (code === 'ENAMETOOLONG') return simple('the name is too long');
  if (code === 'ENXIO') return simple('no program is reading that pipe');
  return simple(error instanceof Error ? error.message : String(error));
}

/**
 * `Export to ./out.csv failed: the folder does not exist — press e to try another path`, fitted to
 * `width`: the paths shortened first, then the sentence without the path it was written to, then a
 * shorter way out.
 */
export function failedMessage(failed: FailedWrite, width: number): ExportMessage {
  const { reason, hint, paths } = failureParts(failed);
  const at = (w: number) => (p: string): string => shortPath(p, w);
  const forms: Form[] = [
    (w) => ({ text: `Export to ${shortPath(failed.path, w)} failed: ${reason(at(w))}`, hint: hint(at(w)) }),
    (w) => ({ text: `Not exported: ${reason(at(w))}`, hint: hint(at(w)) }),
    (w) => ({ text: `Not exported: ${reason(at(w))}`, hint: shortHint() }),
    // Narrower: the reason alone (the line is about the export just asked for), then without a way out.
    (w) => ({ text: capitalised(reason(at(w))), hint: shortHint() }),
    (w) => ({ text: `Not exported: ${reason(at(w))}` }),
    (w) => ({ text: capitalised(reason(at(w))) }),
  ];
  // An example to type is said with its file name whole (`…/page-groups.ndjson`), or in a shorter form.
  const exampleName = Math.max(0, ...paths.map((p) => displayWidth(`${glyph('ellipsis')}${sep}${basename(p)}`)));
  return fitForms(forms, Math.max(displayWidth(failed.path), ...paths.map(displayWidth)), width, exampleName);
}

/**
 * `Wrote 12 exchanges to ./pagetui-20261128-074412.har (HAR)`, fitted: the file is what stays,
 * whole where it fits, else said from its start (its name is a date and time, cut at its end).
 */
export function harWrittenMessage(count: number, path: string): ExportMessage & { readonly fitted: (width: number) => ExportMessage } {
  const forms: Form[] = [(w) => ({ text: `Wrote ${count} exchanges to ${shortPath(path, w)} (HAR)` }), () => ({ text: `Wrote ${sanitize(path)}` })];
  return refitted((width) => fitForms(forms, displayWidth(path), width, wholeNameWidth(path)));
}

/**
 * `n` to "overwrite? y/N": `Not exported; ./out.csv was left as it was.`, fitted: the path shortened
 * in its middle (its file name whole where it fits), then fewer words around it.
 */
export function keptMessage(path: string): ExportMessage & { readonly fitted: (width: number) => ExportMessage } {
  const forms: Form[] = [
    (w) => ({ text: `Not exported; ${shortPath(path, w)} was left as it was.` }),
    (w) => ({ text: `Not exported; ${shortPath(path, w)} left as it was` }),
    (w) => ({ text: `Not exported; kept ${shortPath(path, w)}` }),
    (w) => ({ text: `Kept ${shortPath(path, w)}` }),
  ];
  return refitted((width) => fitForms(forms, displayWidth(path), width, wholeNameWidth(path)));
}
