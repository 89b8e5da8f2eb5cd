/**
 * The app's theme, which can change once after start-up: when the terminal's background answer
 * comes after the wait (a slow link), the app is drawn again in the theme it calls for.
 */
import type { Theme } from './tokens.js';

export class LiveTheme {
  private readonly listeners = new Set<() => void>();

  constructor(private theme: Theme) {}

  readonly current = (): Theme => this.theme;

  set(theme: Theme): void {
    if (theme === this.theme) return;
    this.theme = theme;
    for (const listener of [...this.listeners]) listener();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
