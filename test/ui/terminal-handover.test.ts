/**
 * Ctrl-C in a foreground command reaches the app too (one process group); its SIGINT can be read
 * after the command's exit, and must still be the command's, not the app's quit.
 */
import { describe, expect, it } from 'vitest';
import { INTERRUPT_GRACE_MS, terminalHandover } from '../../src/ui/terminal-handover.js';

function handover() {
  const noop = (): void => undefined;
  return terminalHandover({
    terminal: { leave: noop, resume: noop } as never,
    writer: { hold: noop, release: noop, invalidate: noop } as never,
    input: undefined,
    stdout: { columns: 80, rows: 24 } as never,
    redraw: noop,
  });
}

describe('the terminal handed to a program', () => {
  it('takes a SIGINT read right after the program ended for the program', async () => {
    const h = handover();
    expect(h.interruptIsTheProgram()).toBe(false);
    let during = false;
    await h.handOver(async () => {
      during = h.interruptIsTheProgram();
    });
    expect(during).toBe(true);
    expect(h.away()).toBe(false);
    expect(h.interruptIsTheProgram()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, INTERRUPT_GRACE_MS + 50));
    expect(h.interruptIsTheProgram()).toBe(false);
  });
});
