import type { SavedView } from '../../../auth/config-views.js';

/** What the `v` picker shows: the names of this screen's saved views, their views, and the one selected. */
export interface ViewPickerState {
  readonly names: readonly string[];
  readonly views: readonly SavedView[];
  readonly selected: number;
}
