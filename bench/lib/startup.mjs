/**
 * Start-up: process start → first data row on screen, at server latency 0 and L, against a bare
 * `node -e` that prints a line, all started and read the same way (runs interleaved).
 */
import { startPrinter } from './floor-programs.mjs';
import { startApp } from './pty-session.mjs';

/**
 * @param {{fast: object, slow: object, firstTitle: string, runs: number}} options
 * @returns {Promise<{floor: number[], l0: number[], slow: number[]}>} ms per run
 */
export async function measureStartup({ fast, slow, firstTitle, runs }) {
  const result = { floor: [], l0: [], slow: [] };
  for (let i = 0; i < runs; i++) {
    const printer = startPrinter();
    result.floor.push((await printer.waitFor('ready')) - printer.startedAt);
    printer.kill();
    await printer.exited;

    for (const [server, into] of [
      [fast, result.l0],
      [slow, result.slow],
    ]) {
      const app = startApp(server);
      try {
        into.push((await app.waitFor(firstTitle)) - app.startedAt);
        await app.quit();
      } finally {
        app.kill();
      }
    }
  }
  return result;
}
