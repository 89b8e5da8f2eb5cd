import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { render } from 'ink-testing-library';
import { formatStatus, StatusBar, type StatusMessage } from '../../../src/ui/components/index.js';
import { displayWidth } from '../../../src/text/index.js';
import { durationText } from '../../../src/text/duration.js';

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
    expect(formatStatus(rateLimited, undefined, 100)).toEqual(['RATE_LIMITED: Too many requests — retry in 12s (req-000123)']);
  });

  it('right-aligns progress on the same line when it fits', () => {
    const [line] = formatStatus({ tone: 'info', text: 'Loaded' }, 'all 120 loaded', 40);
    expect(line).toBe(`Loaded${' '.repeat(40 - 6 - 14)}all 120 loaded`);
  });

  it('shows only the progress when there is no message', () => {
    expect(formatStatus(undefined, '1,234 loaded, more available', 40)).toEqual([`${' '.repeat(12)}1,234 loaded, more available`]);
    expect(formatStatus(undefined, undefined, 40)).toEqual([]);
  });

  it('shows code, field, reason, then the detail and request id for validation errors', () => {
    const [line] = formatStatus(validation, undefined, 200);
    expect(line).toBe('VALIDATION_ERROR: field: limit — must be an integer between 1 and 100 — Invalid query parameter (req-42)');
  });

  it('sanitises every part', () => {
    const lines = formatStatus(
      { tone: 'error', code: 'X\u001b[31m', text: 'bad\u001b]0;t\u0007\nnews', requestId: 'r\u202e1', reason: 'a\tb' },
      'r\u001b[2Jight',
      120,
    );
    const all = lines.join('');
    expect(all).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/);
    expect(all).toContain('X: a b — bad news (r1)');
    expect(all).toContain('right');
  });
});

describe('StatusBar', () => {
  it('renders the message with code and request id at a narrow width', () => {
    const { lastFrame } = render(<StatusBar width={32} message={rateLimited} right="all 120 loaded" />);
    const frame = lastFrame() ?? '';
    expect(frame).toContain('RATE_LIMITED');
    expect(frame).toContain('retry in 12s');
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

describe('formatStatus: what gives way on a short line', () => {
  it('the detail first, then the request id, then the reason; the code and countdown last', () => {
    expect(formatStatus(validation, 'all 120 loaded', 100)).toEqual([
      // A cut error names `E` (the error whole) where only the detail gives way for it.
      'VALIDATION_ERROR: field: limit — must be an integer between 1 and 100 (req-42), E shows all',
    ]);
    // A message without a code is not an API error: nothing names `E`.
    expect(formatStatus({ ...validation, code: undefined }, undefined, 60)).toEqual([
      'field: limit — must be an integer between 1 and 100 (req-42)',
    ]);
    expect(formatStatus(validation, undefined, 80)).toEqual(['VALIDATION_ERROR: field: limit — must be an integer between 1 and 100 (req-42)']);
    expect(formatStatus(validation, undefined, 60)).toEqual(['VALIDATION_ERROR: field: limit — must be an in…, E shows all']);
    expect(formatStatus(validation, undefined, 40)).toEqual(['VALIDATION_ERROR: field: limit — must b…']);
    expect(formatStatus(rateLimited, undefined, 40)).toEqual(['RATE_LIMITED: retry in 12s (req-000123)']);
    expect(formatStatus(rateLimited, undefined, 32)).toEqual(['RATE_LIMITED: retry in 12s']);
    expect(formatStatus(rateLimited, undefined, 18)).toEqual(['RATE_LIMITED: 12s']);
  });

  it('is always one line within the width, keeping the code, and the request id while the reason is whole (property)', () => {
    const message = fc.record({
      tone: fc.constantFrom('error', 'warning', 'info', 'success'),
      text: fc.string({ unit: 'grapheme', maxLength: 120 }),
      code: fc.option(fc.constantFrom('RATE_LIMITED', 'VALIDATION_ERROR (HTTP 400)', 'E'), { nil: undefined }),
      requestId: fc.option(fc.constantFrom('req-1', 'req-000123'), { nil: undefined }),
      reason: fc.option(fc.string({ maxLength: 60 }), { nil: undefined }),
      hint: fc.option(fc.constant('press r to retry'), { nil: undefined }),
      countdownSeconds: fc.option(fc.integer({ min: 0, max: 999 }), { nil: undefined }),
      countdownHint: fc.option(fc.constant('r to try now'), { nil: undefined }),
    }) as fc.Arbitrary<StatusMessage>;
    fc.assert(
      fc.property(message, fc.option(fc.string({ maxLength: 30 }), { nil: undefined }), fc.integer({ min: 30, max: 250 }), (m, right, width) => {
        const lines = formatStatus(m, right, width);
        expect(lines).toHaveLength(1);
        const line = lines[0] ?? '';
        expect(displayWidth(line)).toBeLessThanOrEqual(width);
        // The code is cut only when it and the countdown ('retry in 12s') do not fit, and then to
        // no fewer than 12 columns while "retry in" can stay (a bare '12s' says nothing).
        const countdown = m.countdownSeconds === undefined ? '' : `  retry in ${durationText(m.countdownSeconds)}`;
        if (m.code && displayWidth(m.code) + displayWidth(countdown) <= width) expect(line.startsWith(m.code)).toBe(true);
        if (m.code && countdown !== '' && Math.min(12, displayWidth(m.code)) + displayWidth(countdown) <= width) expect(line).toContain(countdown.trim());
        // The request id goes only when it no longer fits.
        if (m.requestId && !line.includes(`(${m.requestId})`)) expect(displayWidth(`${line}  (${m.requestId})`)).toBeGreaterThan(width);
      }),
      { seed: 4321, numRuns: 1000 },
    );
  });
});
