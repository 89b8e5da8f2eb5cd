/** Whether the app would run for a screen reader or without motion, and what says so (docs/accessibility.md). */
import type { PresentationConfig } from '../../../auth/presentation-config.js';
import type { Env } from '../../../auth/paths.js';
import { presentationSetting, type PresentationFlags } from '../../presentation-setting.js';
import { result, type CheckResult } from './check.js';

const HOW = '--screen-reader, PAGETUI_SCREEN_READER=1, INK_SCREEN_READER=true or "screenReader": true turn it on';

export function presentationCheck(flags: PresentationFlags, env: Env, config: PresentationConfig): CheckResult {
  const s = presentationSetting(flags, env, config);
  const facts = { screenReader: s.screenReader, screenReaderFrom: s.screenReaderFrom ?? null, reduceMotion: s.reduceMotion, reduceMotionFrom: s.reduceMotionFrom ?? null };
  const overruled = !s.screenReader && /^(0|false|no|off)$/i.test(env['PAGETUI_SCREEN_READER']?.trim() ?? '') ? ` (PAGETUI_SCREEN_READER=${env['PAGETUI_SCREEN_READER']?.trim() ?? ''} keeps it off)` : '';
  const reader = s.screenReader ? `screen-reader mode on, from ${s.screenReaderFrom ?? ''}` : `screen-reader mode off${overruled}: ${HOW}`;
  const motion = s.reduceMotion ? `no motion, from ${s.reduceMotionFrom ?? ''}` : 'motion as usual (--reduce-motion or "reduceMotion": true for none)';
  return result('accessibility', 'Accessibility', 'pass', `${reader}; ${motion}`, facts);
}
