/**
 * Semantic colour tokens. Components ask for a meaning (`status.error`), never a colour, so a
 * theme can be swapped in one place. Values are ink colour names; '' means "no colour" (the
 * terminal's default), which `colorProps` turns into an absent prop.
 */
export interface Theme {
  readonly name: string;
  readonly text: {
    readonly primary: string;
    readonly secondary: string;
    readonly accent: string;
  };
  readonly status: {
    readonly error: string;
    readonly warning: string;
    readonly success: string;
    readonly info: string;
  };
  readonly selection: {
    readonly bg: string;
    readonly fg: string;
    /** Draw the selected row in reverse video (for themes without colours). */
    readonly inverse: boolean;
    /**
     * Drawn in a gutter before the selected row ('' = no gutter). Keeps the selection visible
     * where even reverse video is unavailable (TERM=dumb).
     */
    readonly marker: string;
  };
  readonly border: string;
  /** Rows a watched list marks, a colour per kind (a theme with a gutter shows WATCH_MARKERS too). */
  readonly watch: {
    readonly appeared: string;
    readonly changed: string;
    /** A row that went, drawn where it was for two reads. */
    readonly gone: string;
  };
  readonly groupStatus: {
    readonly draft: string;
    readonly published: string;
    readonly archived: string;
    readonly unknown: string;
  };
}

/** What the gutter shows on a marked row of a watched list, where the theme draws a gutter (no colours). */
export const WATCH_MARKERS = { appeared: '+', changed: '~', gone: '-' } as const;

/** The colour for a page-group status value as the server sent it. */
export function groupStatusColor(theme: Theme, status: unknown): string {
  if (status === 'draft' || status === 'published' || status === 'archived') {
    return theme.groupStatus[status];
  }
  return theme.groupStatus.unknown;
}

/** `{ color }` for ink's `<Text>`, leaving the prop out for '' so no colour is emitted. */
export function colorProps(color: string | undefined): { color?: string } {
  return color ? { color } : {};
}
