/**
 * The terminal as the app sees it: TERM and its terminfo entry (src/terminfo), the colour depth,
 * and the theme with how it was chosen — the terminal asked its background exactly as at start-up
 * (src/ui/theme), when stdin and stdout are a terminal.
 */
import { loadConfig } from '../../../auth/config.js';
import { configPath, type Env } from '../../../auth/paths.js';
import { findTerminfoFile } from '../../../terminfo/locate.js';
import { terminalCapabilities } from '../../../terminfo/capabilities.js';
import { explainStartupTheme, startupColorDepth, type ThemeChoice, type ThemeExplanation } from '../../../ui/index.js';
import { duration, result, type CheckResult } from './check.js';

export interface TerminalIo {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
}

const DEPTH_TEXT = { truecolor: '24-bit colour', '256': '256 colours', '16': '16 colours', '8': '8 colours', none: 'no colours' } as const;

export function terminalCheck(env: Env): CheckResult {
  const term = env['TERM'] ?? '';
  const depth = startupColorDepth(env);
  const found = term === '' ? undefined : findTerminfoFile(term, env);
  const entry = found === undefined ? undefined : terminalCapabilities(env).entry;
  const facts = { term: term === '' ? null : term, terminfoEntry: entry ?? null, terminfoPath: found?.path ?? null, colorDepth: depth, colorterm: env['COLORTERM'] ?? null };
  const colours = `${DEPTH_TEXT[depth]}${env['COLORTERM'] ? ` (COLORTERM=${env['COLORTERM']})` : ''}`;
  if (term === '') return result('terminal', 'Terminal', 'warn', `TERM is not set: the app draws with the few controls every terminal knows; ${colours}`, facts);
  if (term === 'dumb') return result('terminal', 'Terminal', 'warn', 'TERM=dumb: the app does not start in such a terminal (pagetui groups/pages --json still work)', facts);
  if (found === undefined) {
    return result('terminal', 'Terminal', 'warn', `TERM=${term} has no terminfo entry here: the app draws with the few controls every terminal knows (no alternate screen, no scroll region); ${colours}`, facts);
  }
  return result('terminal', 'Terminal', 'pass', `TERM=${term}, terminfo ${entry ?? term} (${found.path}), ${colours}`, facts);
}

/** A DA1 answer after no OSC 11 one is the terminal's "no"; else the wait ran out. */
function noAnswerWhy(query: { readonly ms: number; readonly answeredDa1?: boolean }): string {
  if (query.answeredDa1) return `(it answered the query after it in ${duration(query.ms)}; tmux, GNU screen and mosh do not pass it on)`;
  return `nor any other within ${duration(query.ms)}`;
}

function backgroundText(x: ThemeExplanation, configPath: string, colorFgBg: string | undefined, flag: boolean): string {
  if (x.background === undefined) return x.notAsked === 'NO_COLOR' ? 'no colours: NO_COLOR is set (bold and reverse video only)' : 'no colours: the terminal has none (bold and reverse video only)';
  if (x.backgroundFrom === 'choice') return `${x.background}, chosen by ${flag ? '--theme' : x.choiceFrom === 'config' ? `"theme" in ${configPath}` : 'PAGETUI_THEME'}`;
  const query = x.query;
  const asked = query === undefined || query.answered ? '' : `the terminal did not answer the colour query (OSC 11) ${noAnswerWhy(query)}, so `;
  if (x.backgroundFrom === 'terminal') return `${x.background}, from the terminal's answer to the colour query (OSC 11) in ${duration(query?.ms ?? 0)}`;
  const fallback = x.backgroundFrom === 'COLORFGBG' ? `from COLORFGBG=${colorFgBg ?? ''}` : 'by default';
  if (x.notAsked === 'not a terminal') return `not a terminal (stdin or stdout is not a TTY), so the colour query was not sent; without it: ${x.background}, ${fallback}`;
  const notAsked = x.notAsked === 'Linux console' ? 'the Linux console is not asked; ' : '';
  return `${x.background}, ${notAsked}${asked}${fallback}`;
}

/** `flag`: --theme, which wins over PAGETUI_THEME and the config file, as in the app. */
export async function themeCheck(env: Env, io: TerminalIo, flag?: ThemeChoice): Promise<CheckResult> {
  const config = loadConfig(env).config;
  const chosen = flag === undefined ? env : { ...env, PAGETUI_THEME: flag };
  const x = await explainStartupTheme({ env: chosen, io, ...(config.theme === undefined ? {} : { configured: config.theme }) });
  // queryBackground leaves raw mode on for the app; doctor hands the terminal back as it found it.
  if (x.query !== undefined && io.stdin.isTTY) io.stdin.setRawMode(false);
  const summary = backgroundText(x, configPath(env), env['COLORFGBG'], flag !== undefined && x.choiceFrom === 'PAGETUI_THEME');
  const facts = {
    choice: x.choice,
    choiceFrom: flag === undefined ? x.choiceFrom : '--theme',
    background: x.background ?? null,
    backgroundFrom: x.backgroundFrom ?? null,
    queried: x.query !== undefined,
    answered: x.query?.answered ?? null,
    queryMs: x.query?.ms ?? null,
    notAsked: x.notAsked ?? null,
  };
  if (x.notAsked === 'not a terminal') return result('theme', 'Theme', 'skip', summary, facts);
  const guessed = x.query !== undefined && !x.query.answered && x.backgroundFrom === 'default';
  if (guessed) return result('theme', 'Theme', 'warn', `${summary}; on a light background set PAGETUI_THEME=light (or "theme" in the config file)`, facts);
  return result('theme', 'Theme', 'pass', summary, facts);
}
