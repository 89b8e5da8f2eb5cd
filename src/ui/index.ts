/**
 * The UI as the command line takes it before ink and React load: nothing exported here imports
 * either. The app itself (run.tsx) and the text first frame (first-frame/draw.ts) are loaded with
 * import() when their turn comes; `pagetui login` draws its prompts with what the index files of
 * login/ and theme/ export.
 */
export { listRows } from './store/layout.js';
export { chalkLevel } from './theme/color-depth.js';
export { chooseStartupTheme, lateBackgroundLine, startupColorDepth } from './theme/startup.js';
export { detectBackground, type BackgroundDetection, type BackgroundHow } from './theme/detect.js';
export { isThemeChoice, type ThemeChoice } from './theme/choose.js';
export { createKeyStorage, SESSION_ONLY, type KeyDestination, type KeyStorage } from './login/key-storage.js';
export { explainStartupTheme, type ThemeExplanation } from './theme/explain.js';
export { clipboardRoute, type ClipboardRoute } from './services/clipboard.js';
