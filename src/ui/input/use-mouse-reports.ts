/**
 * Takes SGR mouse reports out of the input before any `useInput` handler sees it — the key router
 * and the text fields alike — and hands them to `onMouse`. Ink has already split the input into
 * one event per sequence (waiting for the rest of a report cut between two reads), so each report
 * is one whole 'input' event on ink's internal emitter; diverting it there is the one place all
 * handlers are behind.
 */
import { useStdin } from 'ink';
import { useLayoutEffect, useRef } from 'react';
import { looksLikeMouseReport, parseMouseReport, type MouseEvent } from './mouse.js';

export function useMouseReports(enabled: boolean, onMouse: (event: MouseEvent) => void): void {
  const { internal_eventEmitter: emitter } = useStdin();
  const handler = useRef(onMouse);
  handler.current = onMouse;
  useLayoutEffect(() => {
    if (!enabled) return undefined;
    const original = emitter.emit;
    emitter.emit = function divert(this: typeof emitter, name: string | symbol, ...args: unknown[]): boolean {
      const input = args[0];
      if (name === 'input' && typeof input === 'string' && looksLikeMouseReport(input)) {
        const event = parseMouseReport(input);
        if (event) handler.current(event);
        return true;
      }
      return original.call(this, name, ...args);
    };
    return () => {
      emitter.emit = original;
    };
  }, [enabled, emitter]);
}
