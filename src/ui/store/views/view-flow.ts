/**
 * Saved views (docs/views.md): a query, a sort and a status filter under a name, per screen.
 * `V` saves the list's current ones under a name typed in a prompt (kept for this session, and
 * written to the config file when the app was given a way to); `v` opens a picker of the views of
 * this screen; `pagetui open --view NAME` starts with one applied.
 */
import type { SavedView, ViewSort } from '../../../auth/config-views.js';
import { viewNameProblem } from '../../../auth/config-views.js';
import { notSavedMessage } from './view-save-message.js';
import { refitted } from '../prompts/export-message.js';
import type { SortOrder, StatusFilter } from '../list/item-keys.js';
import type { ListView } from '../list/list-view.js';
import type { StoreContext } from '../store-context.js';
import type { Command } from '../../keys/bindings.js';
import { keyNamed, listKey } from '../../keys/help.js';
import { queryProblem } from '../../query/index.js';
import { sanitizeString } from '../../../text/index.js';
import { viewSentence } from './view-words.js';


/** The parts of a list a view sets. */
export interface ViewSettings {
  readonly query: string;
  readonly sort: SortOrder;
  readonly reversed: boolean;
  readonly status: StatusFilter | undefined;
}

function settingsOf(view: SavedView): ViewSettings {
  const sort = view.sort ?? 'server';
  const reversed = sort.startsWith('-');
  const status = view.status === undefined || view.status === 'all' ? undefined : view.status;
  return { query: view.query, sort: (reversed ? sort.slice(1) : sort) as SortOrder, reversed, status };
}

function savedFrom(list: ListView): SavedView {
  const sort = `${list.reversed ? '-' : ''}${list.sort}` as ViewSort;
  return {
    screen: list.kind,
    query: list.validQuery,
    ...(sort === 'server' ? {} : { sort }),
    ...(list.kind === 'groups' && list.status ? { status: list.status } : {}),
  };
}

/** A view's name as said to the user: in quotes, as typed (the config file holds it JSON-escaped, not the status line). */
const quotedName = (name: string): string => `"${name}"`;

export class ViewFlow {
  private readonly views: Map<string, SavedView>;
  /** `--view` for a page list: applied to the first page list shown. */
  private pendingPages: SavedView | undefined;

  constructor(private readonly ctx: StoreContext) {
    this.views = new Map(Object.entries(ctx.options.views?.known ?? {}));
  }

  /** At start, before the first frame: a groups view applies to the group list now, a pages view to the first page list shown. */
  applyAtStart(groups: ListView): void {
    const start = this.ctx.options.views?.start;
    if (start?.screen === 'groups') applySettings(groups, settingsOf(start));
    else if (start) this.pendingPages = start;
  }

  /** A list is about to be shown: a pending pages view applies to it. */
  beforeShow(view: ListView): void {
    if (view.kind !== 'pages' || !this.pendingPages) return;
    applySettings(view, settingsOf(this.pendingPages));
    this.pendingPages = undefined;
  }

  /** `V`: asks for a name. */
  openSave(): void {
    this.ctx.inputFlow.set({ kind: 'viewName', text: '' });
  }

  /** Enter in the name prompt. */
  save(name: string): void {
    const problem = viewNameProblem(name);
    if (problem) return this.ctx.toast({ tone: 'error', text: `${problem[0]?.toUpperCase()}${problem.slice(1)}: type one, or ${keyNamed('cancel', 'viewName')} to cancel.` });
    this.ctx.inputFlow.set(null);
    const list = this.ctx.view();
    const view = savedFrom(list);
    const replaced = this.views.has(name);
    this.views.set(name, view);
    const write = this.ctx.options.views?.save;
    const what = `View ${quotedName(name)} ${replaced ? 'replaced' : 'saved'}`;
    if (!write) return this.ctx.toast({ tone: 'success', text: `${what} for this session (${listKey('pickView')} picks it).` });
    try {
      const path = write(name, view);
      this.ctx.toast({ tone: 'success', text: `${what} in ${path} (${listKey('pickView')} picks it).` });
    } catch (error) {
      this.ctx.toast({ tone: 'error', ...refitted((w) => notSavedMessage(what, error, w)) });
    }
  }

  /** `v`: the picker of this screen's views. */
  openPicker(): void {
    const kind = this.ctx.view().kind;
    const entries = [...this.views].filter(([, v]) => v.screen === kind).sort(([a], [b]) => a.localeCompare(b));
    if (entries.length === 0) {
      const screen = kind === 'groups' ? 'page groups' : 'pages';
      return this.ctx.toast({ tone: 'warning', text: `No saved views for ${screen} yet: ${listKey('saveView')} saves the current query, sort and status as one.` });
    }
    this.ctx.update({ viewPicker: { names: entries.map(([n]) => n), views: entries.map(([, v]) => v), selected: 0 } });
  }

  /** j/k in the picker. */
  move(delta: number): void {
    const picker = this.ctx.snapshot().viewPicker;
    if (!picker) return;
    const selected = Math.min(picker.names.length - 1, Math.max(0, picker.selected + delta));
    if (selected !== picker.selected) this.ctx.update({ viewPicker: { ...picker, selected } });
  }

  /** Enter in the picker: applies the view selected. */
  pick(): void {
    const picker = this.ctx.snapshot().viewPicker;
    if (!picker) return;
    this.ctx.update({ viewPicker: undefined });
    const view = picker.views[picker.selected];
    const name = picker.names[picker.selected];
    if (!view || name === undefined) return;
    this.ctx.filters.applyView(settingsOf(view));
    const problem = this.ctx.view().queryProblem;
    if (problem) this.ctx.toast({ tone: 'error', text: `View ${quotedName(name)}: its query has a problem at column ${problem.at + 1}: ${problem.message}. / shows it.` });
    else this.ctx.toast({ tone: 'success', text: `View ${quotedName(name)}: ${sanitizeString(viewSentence(view))}.` });
  }

  close(): void {
    this.ctx.update({ viewPicker: undefined });
  }

  /** A key in the picker: j/k move, Enter applies, Esc closes. */
  command(command: Command): void {
    if (command === 'moveDown' || command === 'moveUp') return this.move(command === 'moveDown' ? 1 : -1);
    if (command === 'open' || command === 'submit') return this.pick();
    if (command === 'back') return this.close();
  }
}

/** Sets a list's query, order and status as a view says (before its rows are derived). */
export function applySettings(list: ListView, settings: ViewSettings): void {
  const problem = queryProblem(settings.query, list.kind);
  list.query = settings.query;
  // A query that does not parse is kept as typed, with its problem, as if typed into `/`.
  list.validQuery = problem ? '' : settings.query;
  if (problem) list.queryProblem = problem;
  else delete list.queryProblem;
  list.sort = settings.sort;
  list.reversed = settings.reversed;
  if (list.kind === 'groups') list.status = settings.status;
}

declare module '../store-context.js' {
  interface StoreFlows {
    readonly views: ViewFlow;
  }
}
