/**
 * Saved views in the config file (docs/views.md):
 * `"views": { "drafts": { "screen": "groups", "query": "status:draft", "sort"?: "-updated", "status"?: "draft" } }`.
 * Reading checks the shape only; the query is checked where it is used (it needs the language,
 * which lives with the UI). Saving from the app keeps everything else in the file.
 */
import { writeFileAtomicSync } from '../fs/atomic-write.js';
import { jsonText } from '../text/json.js';
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

const SORTS: readonly string[] = ['server', 'name', 'updated', '-server', '-name', '-updated'];
const STATUSES: readonly string[] = ['draft', 'published', 'archived', 'other', 'all'];
/** A view's name: what `v` lists and `--view` takes. */
const MAX_VIEW_NAME = 40;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why `name` cannot name a view, or undefined. */
export function viewNameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'a view needs a name';
  if (name.length > MAX_VIEW_NAME) return `a view name may be at most ${MAX_VIEW_NAME} characters`;
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return 'a view name may not hold control characters';
  return undefined;
}

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
    if (v.sort !== undefined && !SORTS.includes(v.sort as string)) return { problem: `${where}: "sort" must be one of ${SORTS.join(', ')}` };
    if (v.status !== undefined && !STATUSES.includes(v.status as string)) return { problem: `${where}: "status" must be one of ${STATUSES.join(', ')}` };
    if (v.status !== undefined && v.status !== 'all' && v.screen !== 'groups') return { problem: `${where}: "status" applies to the groups screen only` };
    views[name] = {
      screen: v.screen,
      query: v.query,
      ...(v.sort === undefined ? {} : { sort: v.sort as ViewSort }),
      ...(v.status === undefined ? {} : { status: v.status as ViewStatus }),
    };
  }
  return { views };
}

/**
 * Writes view `name` into the config file (replacing one of that name), keeping the rest of the
 * file as it is; atomic. Throws an Error with a sentence for the user when the file cannot be
 * read as a config or written.
 */
export function saveViewToConfig(name: string, view: SavedView, env: Env, readRaw: (path: string) => ReadConfig): string {
  const path = configPath(env);
  const read = readRaw(path);
  if (read.kind === 'bad') throw new Error(`${path} was left as it is: ${read.problem}`);
  const raw = read.kind === 'ok' ? read.raw : {};
  const views = isPlainObject(raw.views) ? raw.views : {};
  const next = { ...raw, views: { ...views, [name]: view } };
  try {
    writeFileAtomicSync(path, `${jsonText(next, 2)}\n`, 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(`could not write ${path}${code ? ` (${code})` : ''}`, { cause: error });
  }
  return path;
}

/** How config.ts read the file (its `readRaw`). */
export type ReadConfig = { kind: 'absent' } | { kind: 'ok'; raw: Record<string, unknown> } | { kind: 'bad'; problem: string };

/** `pagetui open --view NAME`: the view, or the sentence saying it is unknown and which are known. */
export function findView(views: Readonly<Record<string, SavedView>>, name: string): SavedView | string {
  const view = Object.prototype.hasOwnProperty.call(views, name) ? views[name] : undefined;
  if (view) return view;
  const known = Object.keys(views);
  return `there is no view ${quote(name)}: ${known.length === 0 ? 'no views are saved yet (V in the app saves one, or "views" in the config file)' : `the views are ${known.map(quote).join(', ')}`}.`;
}
