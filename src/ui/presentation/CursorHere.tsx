import { createElement, type ReactNode } from 'react';
import { Text } from 'ink';
import { cursorAnchor } from '../render/cursor-anchor.js';
import { colorProps, useTheme } from '../theme/index.js';

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

/** A line of text that, when `on`, carries the cursor and is drawn as the selection (a line cursor's line). */
export function CursorLineIf({ on, children }: { on: boolean; children: ReactNode }) {
  const { bg, fg, inverse } = useTheme().selection;
  if (!on) return <>{children}</>;
  return (
    <CursorHere>
      <Text wrap="truncate" inverse={inverse} {...colorProps(fg)} {...(bg ? { backgroundColor: bg } : {})}>
        {children}
      </Text>
    </CursorHere>
  );
}
