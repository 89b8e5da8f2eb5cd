/**
 * Ink draws nothing until exit when it believes it runs in CI (it reads `CI` once, when it is
 * loaded). pagetui only loads ink to talk to a person at a terminal, so before that import the CI
 * markers are dropped from this process's environment: an exported `CI=true` in someone's shell
 * must not leave them looking at a blank screen.
 */
export function letInkDraw(): void {
  delete process.env.CI;
  delete process.env.CONTINUOUS_INTEGRATION;
}
