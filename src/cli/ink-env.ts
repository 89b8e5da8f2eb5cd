/**
 * Ink draws nothing until exit when it believes it runs in CI (it reads `CI` once, when it is
 * loaded). pagetui only loads ink to talk to a person at a terminal, so the CI markers are dropped
 * from this process's environment first (the app: as it starts; login: before its prompt): an
 * exported `CI=true` in someone's shell must not leave them looking at a blank screen. The app's
 * text-only first frame must still not import ink (test/render/first-frame-imports.e2e.test.ts).
 */
export function letInkDraw(): void {
  delete process.env.CI;
  delete process.env.CONTINUOUS_INTEGRATION;
}

/**
 * Loads `load` (the module that brings ink, and with it chalk) with chalk's colour level at least
 * `level`: chalk guesses the level from TERM once, when loaded, and would turn 256-colour themes
 * into 16 colours, or drop bold and reverse video, for a terminal it does not know.
 */
export async function withInkColourLevel<T>(level: 1 | 2 | 3, load: () => Promise<T>): Promise<T> {
  const before = process.env.FORCE_COLOR;
  process.env.FORCE_COLOR = String(level);
  try {
    return await load();
  } finally {
    if (before === undefined) delete process.env.FORCE_COLOR;
    else process.env.FORCE_COLOR = before;
  }
}
