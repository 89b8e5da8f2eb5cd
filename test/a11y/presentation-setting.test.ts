import { describe, expect, it } from 'vitest';
import { presentationConfig } from '../../src/auth/presentation-config.js';
import { presentationSetting } from '../../src/cli/presentation-setting.js';
import { presentationCheck } from '../../src/cli/commands/doctor/presentation-check.js';

describe('the screen-reader and reduce-motion settings', () => {
  it('are off by default', () => {
    expect(presentationSetting({}, {}, {})).toEqual({ screenReader: false, reduceMotion: false });
  });

  it('come from the flag, PAGETUI_SCREEN_READER, INK_SCREEN_READER=true or the config, and say which', () => {
    expect(presentationSetting({ screenReader: true }, {}, {}).screenReaderFrom).toBe('--screen-reader');
    expect(presentationSetting({}, { PAGETUI_SCREEN_READER: '1' }, {}).screenReaderFrom).toBe('PAGETUI_SCREEN_READER=1');
    expect(presentationSetting({}, { INK_SCREEN_READER: 'true' }, {}).screenReaderFrom).toBe('INK_SCREEN_READER=true');
    expect(presentationSetting({}, {}, { screenReader: true }).screenReaderFrom).toBe('"screenReader": true in the config file');
    expect(presentationSetting({}, { INK_SCREEN_READER: '1' }, {}).screenReader).toBe(false);
  });

  it('PAGETUI_SCREEN_READER=0 keeps it off whatever the config or ink say; the flag still wins', () => {
    expect(presentationSetting({}, { PAGETUI_SCREEN_READER: '0', INK_SCREEN_READER: 'true' }, { screenReader: true }).screenReader).toBe(false);
    expect(presentationSetting({ screenReader: true }, { PAGETUI_SCREEN_READER: '0' }, {}).screenReader).toBe(true);
  });

  it('the screen-reader mode has no motion; --reduce-motion alone has only that', () => {
    expect(presentationSetting({ screenReader: true }, {}, {})).toMatchObject({ reduceMotion: true, reduceMotionFrom: 'the screen reader mode' });
    expect(presentationSetting({ reduceMotion: true }, {}, {})).toEqual({ screenReader: false, reduceMotion: true, reduceMotionFrom: '--reduce-motion' });
    expect(presentationSetting({}, {}, { reduceMotion: true }).reduceMotionFrom).toBe('"reduceMotion": true in the config file');
  });

  it('the config keys take true or false, anything else is named as the problem', () => {
    expect(presentationConfig({ screenReader: true, reduceMotion: false })).toEqual({ value: { screenReader: true, reduceMotion: false } });
    expect(presentationConfig({ screenReader: 'yes' })).toEqual({ problem: '"screenReader" must be true or false' });
  });

  it('pagetui doctor says whether the mode is on and why', () => {
    expect(presentationCheck({}, { PAGETUI_SCREEN_READER: 'yes' }, {}).summary).toBe('screen-reader mode on, from PAGETUI_SCREEN_READER=yes; no motion, from the screen reader mode');
    expect(presentationCheck({}, {}, {}).summary).toMatch(/^screen-reader mode off: --screen-reader, PAGETUI_SCREEN_READER=1/);
  });
});
