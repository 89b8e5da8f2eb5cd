/** Which way `y` copies here (src/ui/services/clipboard.ts decides it the same way, when copying). */
import { clipboardRoute, type ClipboardRoute } from '../../../ui/index.js';
import { result, type CheckResult } from './check.js';

const OSC52_NOTE = 'the terminal must allow OSC 52 (most do; some ask first, some need it switched on)';

function describe(route: ClipboardRoute): string {
  switch (route.kind) {
    case 'tmux':
      return route.tmux === undefined ? 'through tmux, but tmux is not on PATH: copying will fail' : `through tmux (${route.tmux}): its buffer, and the outer terminal's clipboard where tmux passes it on`;
    case 'screen':
      return `OSC 52 through GNU screen's passthrough; ${OSC52_NOTE}`;
    case 'tool':
      return `${route.name} (${route.path}), else OSC 52 to the terminal`;
    case 'osc52':
      return `OSC 52 to the terminal (${route.reason === 'ssh' ? 'over SSH' : 'no wl-copy, xclip, xsel or pbcopy usable here'}); ${OSC52_NOTE}`;
  }
}

export function clipboardCheck(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): CheckResult {
  const route = clipboardRoute(env, platform);
  const facts = {
    route: route.kind,
    tool: route.kind === 'tool' ? route.name : null,
    path: route.kind === 'tool' ? route.path : route.kind === 'tmux' ? (route.tmux ?? null) : null,
  };
  const broken = route.kind === 'tmux' && route.tmux === undefined;
  return result('clipboard', 'Clipboard', broken ? 'warn' : 'pass', describe(route), facts);
}
