import { createElement, type ReactNode } from 'react';
import { frameMark, type FrameMarkFlags } from '../render/frame-mark.js';

/**
 * A line (like `<Text wrap="truncate">`) that marks the frame (render/frame-mark.ts): the status
 * line, and whether it says Esc stops something under way. The text is drawn unchanged.
 */
export function FrameMarked({ children, ...flags }: FrameMarkFlags & { children: ReactNode }) {
  return createElement('ink-text', { style: { flexGrow: 0, flexShrink: 1, flexDirection: 'row', textWrap: 'truncate' }, internal_transform: frameMark(flags) }, children);
}
