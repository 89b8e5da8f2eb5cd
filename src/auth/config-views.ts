/**
 * Saved views in the config file (docs/views.md):
 * `"views": { "drafts": { "screen": "groups", "query": "status:draft", "sort"?: "-updated", "status"?: "draft" } }`.
 * Reading checks the shape only; the query is checked where it is used (it needs the language,
 * which lives with the UI). Saving from the app keeps everything else in the file.
 */
import { statSync } from 'node:fs';
import { setJsonMember } from '../config-schema/json-edit.js';
import { writeFileAtomicSync } from '../fs/atomic-write.js';
import { writeFailureWords } from '../fs/write-failure-words.js';
import { jsonText } from '../text/json.js';
import { sanitizeString } from '../text/sanitize.js';
import { configPath, type Env } from './paths.js';
import { quote } from './result.js';

export type ViewScreen = 'groups' | 'pages';
/** A client-side order; a leading '-' turns it around ("-updated": oldest first). */
export type ViewSort = 'server' | 'name' | 'updated' | '-server' | '-name' | '-updated';
export type ViewStatus = 'draft' | 'published' | 'archived' | 'other' | 'all';

export interface SavedView {
  readonly screen: ViewScreen;
  readonly query: string;
  readonly sort?: ViewSort;
  readonly status?: ViewStatus;
}

export const SORTS: readonly ViewSort[] = ['server', 'name', 'updated', '-server', '-name', '-updated'];
export const STATUSES: readonly ViewStatus[] = ['draft', 'published', 'archived', 'other', 'all'];
/** A view's name: what `v` lists and `--view` takes. */
export const MAX_VIEW_NAME = 40;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Characters as a person counts them (an emoji is one, not its two UTF-16 halves), as JSON Schema's maxLength does. */
const characterCount = (text: string): number => [...text].length;

/** Why `name` cannot name a view, or undefined. */
export function viewNameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'a view needs a name';
  if (characterCount(name) > MAX_VIEW_NAME) return `a view name may be at most ${MAX_VIEW_NAME} characters`;
  const hidden = hiddenCharacter(name);
  if (hidden !== undefined) return `a view name may not hold control characters, direction marks or other invisible characters (it holds ${hidden})`;
  return undefined;
}

/**
 * What a view name may never hold, as a class for the schema's pattern: what sanitizeString takes
 * out or changes wherever it stands, and the direction marks. A joiner, selector or skin tone is
 * refused only outside an emoji, which the schema does not see (its patterns have no `\p{…}`).
 */
export const NEVER_IN_VIEW_NAME = '\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200b\\u200c\\u200e\\u200f\\u2028-\\u202e\\u2060\\u2066-\\u2069\\ufeff\\ud800-\\udfff';

/** Direction marks that the terminal's sanitising keeps, but a name had better not hold. */
const DIRECTION_MARK = /[\u061c\u200e\u200f]/u;
const DIRECTION_MARKS = new RegExp(DIRECTION_MARK.source, 'gu');
/** Invisible alone, part of the one grapheme inside an emoji sequence. */
const EMOJI_PART = /[\u200d\ufe0e\ufe0f\u{1f3fb}-\u{1f3ff}]/u;

/**
 * The first character of `name` a terminal would act on or not show (what sanitizeString takes
 * out, and the direction marks) as U+XXXX, or undefined. A joiner inside an emoji sequence stays.
 */
function hiddenCharacter(name: string): string | undefined {
  if (sanitizeString(name) === name && !DIRECTION_MARK.test(name)) return undefined;
  const hidden = [...name].filter((ch) => DIRECTION_MARK.test(ch) || sanitizeString(ch) !== ch);
  // A joiner or selector is named only when nothing else is wrong (inside an emoji it is fine).
  const named = hidden.find((ch) => !EMOJI_PART.test(ch)) ?? hidden[0] ?? '';
  return `U+${(named.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** `typed` without the characters a view name may not hold (what the prompt cannot show). */
export const visibleViewName = (typed: string): string => sanitizeString(typed).replace(DIRECTION_MARKS, '');

/** Adds view `name` as an own entry (`views[name] = …` would set the prototype of a view named "__proto__"). */
export const addView = (views: Record<string, SavedView>, name: string, view: SavedView): void =>
  void Object.defineProperty(views, name, { value: view, enumerable: true, writable: true, configurable: true });

/** The `"views"` value of the config, or the problem with it as a phrase. */
export function readViews(raw: unknown): { views: Readonly<Record<string, SavedView>> } | { problem: string } {
  if (raw === undefined) return { views: {} };
  if (!isPlainObject(raw)) return { problem: '"views" must be an object: { "name": { "screen": "groups", "query": "…" } }' };
  const views: Record<string, SavedView> = {};
  for (const [name, v] of Object.entries(raw)) {
    const where = `view ${quote(name)}`;
    const nameProblem = viewNameProblem(name);
    if (nameProblem) return { problem: `${where}: ${nameProblem}` };
    if (!isPlainObject(v)) return { problem: `${where} must be an object` };
    if (v.screen !== 'groups' && v.screen !== 'pages') return { problem: `${where} needs "screen": "groups" or "pages"` };
    if (typeof v.query !== 'string') return { problem: `${where} needs a "query" string ("" for none)` };
    if (v.sort !== undefined && !SORTS.includes(v.sort as ViewSort)) return { problem: `${where}: "sort" must be one of ${SORTS.join(', ')}` };
    if (v.status !== undefined && !STATUSES.includes(v.status as ViewStatus)) return { problem: `${where}: "status" must be one of ${STATUSES.join(', ')}` };
    if (v.status !== undefined && v.status !== 'all' && v.screen !== 'groups') return { problem: `${where}: "status" applies to the groups screen only` };
    addView(views, name, {
      screen: v.screen,
      query: v.query,
      ...(v.sort === undefined ? {} : { sort: v.sort as ViewSort }),
      ...(v.status === undefined ? {} : { status: v.status as ViewStatus }),
    });
  }
  return { views };
}

/**
 * Writes view `name` into the config file (replacing one of that name): only the `"views"` entry
 * changes, every other byte of the file stays (config-schema/json-edit.ts); atomic, with the
 * file's own permissions. A file that cannot be read as a config is never written. Throws an
 * Error with a sentence for the user when the file cannot be read as a config or written.
 */
export function saveViewToConfig(name: string, view: SavedView, env: Env, readRaw: (path: string) => ReadConfig): string {
  const path = configPath(env);
  const read = readRaw(path);
  const leftAlone = (why: string): ConfigWriteError =>
    new ConfigWriteError(`${path} was left as it is: ${why}`, 'fix it (pagetui config check says where), then V again', { path, reason: why, shortHint: 'fix it, then V again' });
  if (read.kind === 'bad') throw leftAlone(read.problem);
  let text = `${jsonText({ views: { [name]: view } }, 2)}\n`;
  if (read.kind === 'ok') {
    const edited = setJsonMember(`${read.bom ? '\ufeff' : ''}${read.text}`, ['views', name], view);
    if (edited === undefined) throw leftAlone('its "views" could not be changed alone');
    text = edited;
  }
  try {
    writeFileAtomicSync(path, text, fileModeOf(path));
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ? writeFailureWords(error).reason : '';
    const reason = why === '' ? 'could not write it' : why;
    throw new ConfigWriteError(`could not write ${path}${why === '' ? '' : `: ${why}`}`, 'the file was left as it was; V tries again', { path, reason, shortHint: 'V tries again' }, { cause: error });
  }
  return path;
}

/** Why a view could not be written to the config file, and what to do (`hint`). */
export class ConfigWriteError extends Error {
  override readonly name = 'ConfigWriteError';
  /**
   * `facts`: the file, the reason without it and a shorter hint (for a line too narrow for the
   * whole message, which names the file).
   */
  constructor(message: string, readonly hint: string, readonly facts: { readonly path: string; readonly reason: string; readonly shortHint: string }, options?: ErrorOptions) {
    super(message, options);
  }
}

/** The permissions the file has (kept when it is rewritten), 0600 for a new one. */
export function fileModeOf(path: string): number {
  const mode = statSync(path, { throwIfNoEntry: false })?.mode;
  return mode === undefined ? 0o600 : mode & 0o7777;
}

/** How config.ts read the file (its `readRaw`). */
export type ReadConfig = { kind: 'absent' } | { kind: 'ok'; raw: Record<string, unknown>; text: string; bom: boolean } | { kind: 'bad'; problem: string };

/** `pagetui open --view NAME`: the view, or the sentence saying it is unknown and which are known. */
export function findView(views: Readonly<Record<string, SavedView>>, name: string): SavedView | string {
  const view = Object.prototype.hasOwnProperty.call(views, name) ? views[name] : undefined;
  if (view) return view;
  const known = Object.keys(views);
  return `there is no view ${quote(name)}: ${known.length === 0 ? 'no views are saved yet (V in the app saves one, or "views" in the config file)' : `the views are ${known.map(quote).join(', ')}`}.`;
}
