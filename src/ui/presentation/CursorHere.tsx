import { createElement, type ReactNode } from 'react';
import { cursorAnchor } from '../render/cursor-anchor.js';

/**
 * Ink's `<Transform>` with the cursor's mark (render/cursor-anchor.ts), cut like `<Text
 * wrap="truncate">` rather than wrapped: the terminal's cursor rests `column` cells into it.
 */
export function CursorHere({ column = 0, children }: { column?: number; children: ReactNode }) {
  return createElement('ink-text', { style: { flexGrow: 0, flexShrink: 1, flexDirection: 'row', textWrap: 'truncate' }, internal_transform: cursorAnchor(column) }, children);
}

/** `children` with the cursor's mark when `on`, as they are otherwise. */
export function CursorIf({ on, column = 0, children }: { on: boolean; column?: number; children: ReactNode }) {
  return on ? <CursorHere column={column}>{children}</CursorHere> : <>{children}</>;
}
