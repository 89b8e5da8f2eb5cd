/**
 * A message fitted to the status line (a path shortened in its middle) is fitted again when the
 * terminal changes size: not left cut at its end after the terminal narrows, nor short after it
 * grows.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import type { Exporter } from '../../../src/ui/services/export.js';
import { renderApp, type RenderedApp } from '../../helpers/render-app.js';

let app: RenderedApp | undefined;
afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});

const PATH = './reports/quarterly/2026/november/final-numbers-for-the-board.csv';

function exporter(failure?: NodeJS.ErrnoException): Exporter {
  return {
    display: (path) => path,
    exists: async () => false,
    write: async () => {
      if (failure) throw failure;
    },
  };
}

const statusLine = (a: RenderedApp, text: string): string => a.frame().split('\n').find((line) => line.includes(text)) ?? '';

async function resize(a: RenderedApp, columns: number): Promise<void> {
  a.stdout.columns = columns;
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  await act(async () => {
    a.stdout.emit('resize');
    a.store.setTerminalSize(columns, a.stdout.rows);
  });
}

async function exportTo(a: RenderedApp): Promise<void> {
  await a.waitFor('row 1');
  await a.press('e');
  await a.waitFor('Export');
  await a.press(`\u0015${PATH}\r`);
}

describe('a status message after a resize', () => {
  it('narrower: the path is shortened in its middle for the new width, its file name kept', async () => {
    const a = (app = await renderApp({ columns: 120, rows: 20, exporter: exporter() }));
    await exportTo(a);
    await a.waitFor(`Exported 36 page groups to ${PATH}`);
    await resize(a, 60);
    await a.waitFor((frame) => frame.split('\n').every((line) => line.length <= 60) && frame.includes('Exported'));
    const line = statusLine(a, 'Exported');
    expect(line).toContain('final-numbers-for-the-board.csv');
    expect(line).toContain('…');
  });

  it('wider: the message said short at 60 columns is said whole at 120', async () => {
    const full = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    const a = (app = await renderApp({ columns: 60, rows: 20, exporter: exporter(full) }));
    await exportTo(a);
    await a.waitFor('the disk is full');
    expect(statusLine(a, 'the disk is full')).not.toContain(PATH);
    await resize(a, 140);
    await a.waitFor(`Export to ${PATH} failed: the disk is full — free space, then press e`);
  });
});
