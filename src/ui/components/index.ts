/** Presentational components and their pure formatting helpers. */
export * from './table/index.js';
export { StatusBar } from './StatusBar.js';
export type { StatusBarProps } from './StatusBar.js';
export { formatStatus } from './status-format.js';
export type { LaidOutLine } from './status-format.js';
export type { StatusMessage, StatusTone } from '../store/status-message.js';
export { Header } from './Header.js';
export type { HeaderProps } from './Header.js';
export { formatHeaderLine } from './header-format.js';
export type { HeaderContent, HeaderParts } from './header-format.js';
export { HelpOverlay } from './HelpOverlay.js';
export type { HelpOverlayProps } from './HelpOverlay.js';
export { helpLayout, helpMaxScroll } from '../store/help-layout.js';
export { DetailView } from './DetailView.js';
export type { DetailViewProps } from './DetailView.js';
export { detailLines, detailMaxScroll } from '../store/details/detail-lines.js';
export { TooSmall } from './TooSmall.js';
export type { TooSmallProps } from './TooSmall.js';
