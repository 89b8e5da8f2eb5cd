import type { ApiError } from '../../api/http/errors.js';
/** The store's snapshot (what a frame is drawn from) and its construction options. */
import type { ApiClient } from '../../api/http/client.js';
import type { Pager } from '../../api/pager/pager.js';
import type { ListCache } from '../../startup/list-cache.js';
import type { QuotaSnapshot } from '../../api/quota/quota-pacer.js';
import type { PagerSnapshot } from '../../api/types.js';
import type { KeyDestination } from '../login/key-storage.js';
import type { Clipboard } from '../services/clipboard.js';
import type { Exporter } from '../services/export.js';
import type { PromptHistory } from '../services/history.js';
import type { OwnCommandRunner } from '../services/own-commands.js';
import type { InputBar } from './prompts/input-bar.js';
import type { InspectorOptions, InspectorState } from './inspector/inspector-state.js';
import type { ListKind, ListView } from './list/list-view.js';
import type { Toast } from './status.js';
import type { StatusMessage } from './status-message.js';
import type { VisibleList } from './list/visible-list.js';
import type { WatchState } from './reload/watch-state.js';
import type { ViewPickerState } from './views/view-picker-state.js';
import type { SavedView } from '../../auth/config-views.js';

/** The last failure of a list the user saw, for `E` (ui/store/last-error.ts remembers it). */
export interface LastError {
  /** The API's error, when the failure was an answer (or no answer) to a request. */
  readonly error?: ApiError;
  /** What the status bar said, when the error was a message of the app's own (a refused id, a failed export, a group not found). */
  readonly said?: StatusMessage;
  /** When the app met it (epoch ms). */
  readonly at: number;
  /** The exchange that answered it in the inspector's log (`seq`), when one was recorded. */
  readonly seq?: number;
  /** Whether the list offered reloading from the first page for it (`R`). */
  readonly restart: boolean;
}

export type Overlay = 'help' | 'detail' | 'login' | 'inspector' | 'error' | null;

/** Everything a frame is drawn from. A new object whenever something visible changes. */
export interface AppSnapshot {
  readonly version: number;
  readonly columns: number;
  readonly rows: number;
  readonly route: ListKind;
  readonly list: ListView;
  readonly pager: PagerSnapshot;
  /** The rows of `list` as shown (filtered and sorted); `list.selected` indexes these. */
  readonly visible: VisibleList;
  /** Rows the list window has (one fewer while the input bar is open). */
  readonly windowRows: number;
  readonly overlay: Overlay;
  /** The filter or export input, which has the keys while open. */
  readonly input: InputBar | null;
  readonly detailScroll: number;
  /** The selected field of the detail view (index in the record's own order). */
  readonly detailField: number;
  /** The first line of the help shown, when it does not fit. */
  readonly helpScroll: number;
  /** The help's line cursor (line-cursor.ts: 0 is the title), with `lineCursor`. */
  readonly helpLine?: number;
  /** Help was opened from the details: closing it returns there. */
  readonly helpFromDetail: boolean;
  /** `G` is loading the rest of the list and the selection follows the end. */
  readonly following: boolean;
  /** The pager loads the rest of the list beyond what the view needs (`G`, Tab), whatever moved since. */
  readonly loadingAll: boolean;
  /** The new listing `r` loads behind the rows shown, until it replaces them (or failed). */
  readonly refreshing?: PagerSnapshot;
  /** How many rows that refresh loads before it replaces the shown ones, when it is long enough for Esc to stop it. */
  readonly refreshTarget?: number;
  readonly toast?: Toast;
  /** The quota the server announces, and whether background work waits for its reset. */
  readonly quota?: QuotaSnapshot;
  /** While the list shown is watched (`w`): the interval, the last read, and the rows marked. */
  readonly watch?: WatchState;
  readonly quitting: boolean;
  /** The last error the lists met since start (`E` shows it in full). */
  readonly lastError?: LastError;
  /** The first line of the last error's overlay shown. */
  readonly errorScroll?: number;
  /** The last error's line cursor (line-cursor.ts: 0 is the title), with `lineCursor`. */
  readonly errorLine?: number;
  /** The HTTP inspector, while it is open. */
  readonly inspector?: InspectorState;
  /** The `v` picker of saved views, while it is open. */
  readonly viewPicker?: ViewPickerState;
  /** What the login form says about the last key typed; absent until one is. */
  readonly keyForm?: KeyFormState;
  /** The descriptions of the background commands of the user's own still running (the footer names them). */
  readonly backgroundCommands?: readonly string[];
}

/** The login form's word on the key typed: being checked, or why it was refused. */
export interface KeyFormState {
  readonly checking: boolean;
  /** Counts the times the field was emptied (a rejected key): the field starts afresh on each. */
  readonly cleared: number;
  readonly message?: string;
}

export interface AppStoreOptions {
  /** With `rateLimit`, every list waits out 429s from the client's one budget. */
  readonly client: Pick<ApiClient, 'listPageGroups' | 'listPages'> & Partial<Pick<ApiClient, 'rateLimit' | 'quota' | 'peekPageGroups' | 'peekPages'>>;
  /** Items per request; the app asks for 100 (fewest round trips, kindest to the rate limit). */
  readonly pageSize?: number;
  /** A group-list pager already started before the UI loaded (faster first frame). */
  readonly groupsPager?: Pager;
  readonly columns: number;
  readonly rows: number;
  /** True when no API key is known yet: the login form opens at once. */
  readonly needsApiKey?: boolean;
  /** Called with a key typed into the login form. */
  readonly onApiKey?: (key: string) => void;
  /** Called once a request has succeeded with a typed key (to save it where the form said); resolves with what to say. */
  readonly onApiKeyWorked?: (key: string, where: KeyDestination) => Promise<string>;
  /** Said in the status bar at start (e.g. a config file that could not be read). */
  readonly notice?: string;
  /** What to do about it (`pagetui config check`): kept when the line is too narrow for the notice. */
  readonly noticeHint?: string;
  /** Every problem found at start in the config and its keymap: `E` lists them (after the last error, if any). */
  readonly startupProblems?: readonly string[];
  /** Where `y` / `Y` copy to; without it copying says it is unavailable. */
  readonly clipboard?: Clipboard;
  /** Where `e` writes; without it exporting says it is unavailable. */
  readonly exporter?: Exporter;
  /** Runs the user's own commands (`"commands"` in the config) on the selected item. */
  readonly ownCommands?: OwnCommandRunner;
  /** What the filter and export prompts remember between runs; without it, nothing is remembered. */
  readonly history?: PromptHistory;
  /**
   * Checks a key typed into the `L` form with one request before it replaces the one in use.
   * Without it the key is used at once and proven by the next request.
   */
  readonly checkKey?: (key: string) => Promise<ApiKeyVerdict>;
  readonly now?: () => number;
  /** `pagetui open <group-id> [<page-id>]`: the group (and page) to go to at start. */
  readonly start?: JumpTarget;
  /** The theme's selection marker ('' when it has colours): the details wrap as the view draws them. */
  readonly selectionMarker?: string;
  /** Messages never fade: each stays until the next key (no motion; the screen-reader mode also says a list's recovery). */
  readonly messagesUntilKey?: boolean;
  /** Moves in the help and the last error move a line cursor, the text scrolling only at its edges (the screen-reader mode). */
  readonly lineCursor?: boolean;
  /** The HTTP inspector (`i`) and `C`; without it they say they are unavailable. */
  readonly inspector?: InspectorOptions;
  /** Saved views: those of the config, the one to start with (`--view`), and how `V` writes one (returns the file's path; throws an Error meant for the user). */
  readonly views?: { readonly known: Readonly<Record<string, SavedView>>; readonly start?: SavedView; readonly save?: (name: string, view: SavedView) => string };
  /** `--watch SECONDS`: watch the list shown from the start. */
  readonly watchSeconds?: number;
  /** The lists of the last session, and where this one's go (docs/cache.md); without it, no cache. */
  readonly listCache?: ListCache;
  /** What the terminal has shown of the frames, to read Esc against (esc-as-shown.ts); without it Esc follows the state alone. */
  readonly shownFrames?: ShownFrames;
}

/** What the terminal has shown of the app's frames (render/frame-pacer.ts), as the store is given it. */
export interface ShownFrames {
  /** The newest frame the terminal has answered: its number and whether it said Esc stops something; undefined: not known. */
  shown(): { readonly frame: number; readonly escStops: boolean } | undefined;
  /** How many frames have gone out. */
  framesSent(): number;
}

/** What one request said about a typed key. */
export type ApiKeyVerdict =
  | { readonly kind: 'ok' }
  /** The server refused it (401/403), or the client would not send it (then no status, a reason). */
  | { readonly kind: 'rejected'; readonly status?: number; readonly message?: string }
  /** No answer about the key (network, a server error): it is used, as without a check. */
  | { readonly kind: 'unverified'; readonly message: string };

/** Where to start (`pagetui open <group-id> [<page-id>]`). */
export interface JumpTarget {
  readonly groupId: string;
  readonly pageId?: string;
}
