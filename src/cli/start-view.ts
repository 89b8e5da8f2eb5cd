/**
 * Saved views for the app (docs/views.md): those of the config file, the one `--view NAME` starts
 * with (checked before the terminal is taken: an unknown name or a query that does not parse is a
 * usage error naming what is known or where the query goes wrong), and how `V` saves one.
 */
import type { LoadedConfig, PagetuiConfig } from '../auth/config.js';
import { loadConfig, saveView, withProblems } from '../auth/config.js';
import { addView, findView, type SavedView } from '../auth/config-views.js';
import { locatedProblem } from '../config-schema/index.js';
import { shellQuote } from '../api/inspector/curl.js';
import type { Env } from '../auth/paths.js';
import { problemText, queryProblem } from '../ui/query/index.js';
import { parseCliArgs, UsageError, type AppArgs } from './args.js';
import { escapeJsonControls } from '../text/json.js';

export interface AppViews {
  readonly known: Readonly<Record<string, SavedView>>;
  readonly start?: SavedView;
  readonly save: (name: string, view: SavedView) => string;
}

/** `unusable`: the config's views left out for a query that does not parse, so `--view` can say where it goes wrong. */
export function appViews(args: Pick<AppArgs, 'view' | 'open'>, config: PagetuiConfig, env: Env, unusable: Readonly<Record<string, SavedView>> = {}): AppViews | { problem: string } {
  const known = config.views ?? {};
  const save = (name: string, view: SavedView): string => saveView(name, view, env);
  if (args.view === undefined) return { known, save };
  if (args.view.trim() === '') return { problem: missingViewName('--view needs the name of a saved view: pagetui open --view NAME', env, known) };
  const start = findView(Object.prototype.hasOwnProperty.call(unusable, args.view) ? unusable : known, args.view);
  if (typeof start === 'string') return { problem: start[0]?.toUpperCase() + start.slice(1) };
  const name = JSON.stringify(args.view);
  // Said first: naming the group would only lead to it.
  const problem = queryProblem(start.query, start.screen);
  if (problem) return { problem: `View ${name} has a query that does not parse, ${problemText(problem)}: ${JSON.stringify(start.query)}.` };
  if (!opensWith(start, args.open !== undefined)) {
    return { problem: `View ${name} is for a page list: name the group, pagetui open <group-id> --view ${shellWord(args.view)}.` };
  }
  return { known, start, save };
}

/** A page list's view needs the group whose pages it shows; a group list's view opens either way. */
const opensWith = (view: SavedView, groupNamed: boolean): boolean => view.screen === 'groups' || groupNamed;

/**
 * The names `pagetui open --view NAME` takes (what the shell completions offer), by the app's own
 * checks of that line: its arguments, then `appViews`. Unless a group id is named, only the group
 * list's views; never one whose query does not parse, nor one `--view NAME` reads as no name
 * (`-x`, which only `--view=-x` takes).
 */
export function viewNamesOpenTakes(env: Env, groupNamed: boolean): string[] {
  const loaded = loadConfigWithViews(env);
  const names = [...Object.keys(loaded.config.views ?? {}), ...Object.keys(loaded.unusableViews)];
  return names.filter((name) => {
    let args: ReturnType<typeof parseCliArgs>;
    try {
      args = parseCliArgs(groupNamed ? ['open', 'group', '--view', name] : ['open', '--view', name]);
    } catch (error) {
      if (error instanceof UsageError) return false;
      throw error;
    }
    return args.command === 'app' && !('problem' in appViews(args, loaded.config, env, loaded.unusableViews));
  });
}

const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** `text` as one word for a POSIX shell: as it is when nothing in it is special, else single-quoted. */
const shellWord = (text: string): string => (/^[\w@%+=:,./-]+$/.test(text) ? text : shellQuote(text));

/** `--view` without a name: `sentence`, the views there are, and how to check the file. */
export function missingViewName(sentence: string, env: Env, known = loadConfig(env).config.views ?? {}): string {
  const names = Object.keys(known).filter((name) => !CONTROL_CHARACTER.test(name));
  const list = names.length === 0
    ? 'no views are saved yet (V in the app saves one, or "views" in the config file)'
    : `the views are ${names.map((n) => escapeJsonControls(JSON.stringify(n))).join(', ')} (a name that starts with "-": --view=NAME)`;
  return `${sentence}; ${list}. pagetui config check shows any problem with the views in the config file.`;
}

/**
 * The config read with its views' queries checked by the filter bar's own parser: a view whose
 * query does not parse is a problem (file, line, where the query goes wrong) and is not used.
 */
export function loadConfigWithViews(env: Env): LoadedConfig & { readonly unusableViews: Readonly<Record<string, SavedView>> } {
  const loaded = loadConfig(env);
  const { source, config } = loaded;
  const unusableViews: Record<string, SavedView> = {};
  if (config.views === undefined || source === undefined) return { ...loaded, unusableViews };
  const views: Record<string, SavedView> = {};
  const problems: string[] = [];
  for (const [name, view] of Object.entries(config.views)) {
    const problem = queryProblem(view.query, view.screen);
    if (problem === undefined) addView(views, name, view);
    else {
      addView(unusableViews, name, view);
      problems.push(locatedProblem(source.path, source.text, ['views', name, 'query'], `does not parse, ${problemText(problem)}`, 'that view is not used'));
    }
  }
  return { ...withProblems(loaded, { ...config, views }, problems), unusableViews };
}
