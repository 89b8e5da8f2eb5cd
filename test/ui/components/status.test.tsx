import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { render } from 'ink-testing-library';
import { formatStatus, StatusBar, type StatusMessage } from '../../../src/ui/components/index.js';
import { displayWidth } from '../../../src/text/index.js';

const rateLimited: StatusMessage = {
  tone: 'warning',
  code: 'RATE_LIMITED',
  text: 'Too many requests',
  requestId: 'req-000123',
  countdownSeconds: 12,
};

const validation: StatusMessage = {
  tone: 'error',
  code: 'VALIDATION_ERROR',
  text: 'Invalid query parameter',
  field: 'limit',
  reason: 'must be an integer between 1 and 100',
  requestId: 'req-42',
};

describe('formatStatus', () => {
  it('reads naturally for a rate limit on a wide terminal', () => {
    expect(formatStatus(rateLimited, undefined, 100)).toEqual(['RATE_LIMITED  Too many requests — retry in 12s  (req-000123)']);
  });

  it('right-aligns progress on the same line when it fits', () => {
    const [line] = formatStatus({ tone: 'info', text: 'Loaded' }, 'all 120 loaded', 40);
    expect(line).toBe(`Loaded${' '.repeat(40 - 6 - 14)}all 120 loaded`);
  });

  it('shows only the progress when there is no message', () => {
    expect(formatStatus(undefined, '1,234 loaded, more available', 40)).toEqual([`${' '.repeat(12)}1,234 loaded, more available`]);
    expect(formatStatus(undefined, undefined, 40)).toEqual([]);
  });

  it('shows code, field, reason and request id for validation errors', () => {
    const [line] = formatStatus(validation, undefined, 200);
    expect(line).toBe('VALIDATION_ERROR  Invalid query parameter — field: limit — must be an integer between 1 and 100  (req-42)');
  });

  it('keeps code, countdown and request id whole at narrow widths, cutting the text', () => {
    for (const width of [40, 34, 28]) {
      const lines = formatStatus(rateLimited, '1,234 loaded', width);
      expect(lines.length).toBeLessThanOrEqual(2);
      for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(width);
      const all = lines.join('\n');
      expect(all).toContain('RATE_LIMITED');
      expect(all).toContain('(req-000123)');
      expect(all).toContain('retry in 12s');
    }
    const validationLines = formatStatus(validation, undefined, 40);
    expect(validationLines[0]?.startsWith('VALIDATION_ERROR  Invalid')).toBe(true);
    expect(validationLines[1]?.endsWith('(req-42)')).toBe(true);
    expect(validationLines.join(' ')).toContain('…');
  });

  it('sanitises every part', () => {
    const lines = formatStatus(
      { tone: 'error', code: 'X\u001b[31m', text: 'bad\u001b]0;t\u0007\nnews', requestId: 'r\u202e1', reason: 'a\tb' },
      'r\u001b[2Jight',
      120,
    );
    const all = lines.join('');
    expect(all).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/);
    expect(all).toContain('X  bad news — a b  (r1)');
    expect(all).toContain('right');
  });

  it('always returns at most two lines within the width (property)', () => {
    const message = fc.record({
      tone: fc.constantFrom('error', 'warning', 'info', 'success'),
      text: fc.string({ unit: 'grapheme', maxLength: 80 }),
      code: fc.option(fc.constantFrom('RATE_LIMITED', 'NOT_FOUND', 'E'), { nil: undefined }),
      requestId: fc.option(fc.constantFrom('req-1', 'req-000123'), { nil: undefined }),
      reason: fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
      countdownSeconds: fc.option(fc.integer({ min: 0, max: 999 }), { nil: undefined }),
    }) as fc.Arbitrary<StatusMessage>;
    fc.assert(
      fc.property(message, fc.option(fc.string({ maxLength: 30 }), { nil: undefined }), fc.integer({ min: 30, max: 120 }), (m, right, width) => {
        const lines = formatStatus(m, right, width);
        expect(lines.length).toBeLessThanOrEqual(2);
        for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(width);
        const all = lines.join('\n');
        if (m.code) expect(all).toContain(m.code);
        if (m.requestId) expect(all).toContain(`(${m.requestId})`);
      }),
      { seed: 1234, numRuns: 1000 },
    );
  });
});

describe('StatusBar', () => {
  it('renders the message with code and request id at a narrow width', () => {
    const { lastFrame } = render(<StatusBar width={32} message={rateLimited} right="all 120 loaded" />);
    const frame = lastFrame() ?? '';
    expect(frame).toContain('RATE_LIMITED');
    expect(frame).toContain('(req-000123)');
    expect(frame.split('\n').length).toBeLessThanOrEqual(2);
    for (const line of frame.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(32);
  });

  it('renders a spinner before the text when busy', () => {
    const { lastFrame, unmount } = render(<StatusBar width={40} right="loading…" spinner />);
    expect(lastFrame()).toMatch(/^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] /);
    expect(lastFrame()).toContain('loading…');
    unmount();
  });
});

describe('formatStatus on one line (the app: the hints have the other)', () => {
  it('cuts the server text, the message before the fields, never the code, countdown or request id', () => {
    const [line, more] = formatStatus(validation, 'all 120 loaded', 100, 1);
    expect(more).toBeUndefined();
    expect(line).toBe('VALIDATION_ERROR  Invalid query par… — field: limit — must be an integer between 1 and 100  (req-42)');
    const [narrow] = formatStatus(validation, 'all 120 loaded', 60, 1);
    expect(narrow).toMatch(/^VALIDATION_ERROR {2}Invalid que… — field: limit — .*…  \(req-42\)$/);
    expect(displayWidth(narrow ?? '')).toBeLessThanOrEqual(60);
    expect(formatStatus(rateLimited, undefined, 32, 1)).toEqual(['RATE_LIMITED  12s  (req-000123)']);
  });

  it('is always one line within the width, keeping code and request id (property)', () => {
    const message = fc.record({
      tone: fc.constantFrom('error', 'warning', 'info', 'success'),
      text: fc.string({ unit: 'grapheme', maxLength: 120 }),
      code: fc.option(fc.constantFrom('RATE_LIMITED', 'VALIDATION_ERROR (HTTP 400)', 'E'), { nil: undefined }),
      requestId: fc.option(fc.constantFrom('req-1', 'req-000123'), { nil: undefined }),
      reason: fc.option(fc.string({ maxLength: 60 }), { nil: undefined }),
      hint: fc.option(fc.constant('press r to retry'), { nil: undefined }),
      countdownSeconds: fc.option(fc.integer({ min: 0, max: 999 }), { nil: undefined }),
    }) as fc.Arbitrary<StatusMessage>;
    fc.assert(
      fc.property(message, fc.option(fc.string({ maxLength: 30 }), { nil: undefined }), fc.integer({ min: 44, max: 250 }), (m, right, width) => {
        const lines = formatStatus(m, right, width, 1);
        expect(lines).toHaveLength(1);
        expect(displayWidth(lines[0] ?? '')).toBeLessThanOrEqual(width);
        if (m.code) expect(lines[0]).toContain(m.code);
        if (m.requestId) expect(lines[0]).toContain(`(${m.requestId})`);
      }),
      { seed: 4321, numRuns: 1000 },
    );
  });
});
