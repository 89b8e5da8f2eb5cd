/**
 * Runs the user's own commands (`"commands"` in the config, docs/custom-commands.md) on the
 * selected item: argv as given with its placeholders filled (no shell), the item's JSON on stdin
 * when asked, the environment scrubbed of the API key unless the command asks for it (then only
 * as PAGETUI_API_KEY). A foreground command gets the terminal (the app hands it over and takes it
 * back); a background one runs apart from it and its exit status shows in the status bar.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { idOf } from '../keys/match.js';
import type { OwnCommand } from '../keymap/own-commands.js';
import { fillArgv, placeholderProblem, unsafeIdProblem, type CommandTarget, type OwnCommandScreen } from '../keymap/placeholders.js';
import { withChildTerminal } from './child-terminal.js';
import { BackgroundCommands } from '../commands/background-commands.js';
import { ForegroundCommand } from '../commands/foreground-command.js';
import { ShellModes } from '../commands/shell-modes.js';
import { startFailure } from '../commands/start-failure.js';
import { watchStoppedChild, type StoppedAnswer } from '../commands/stopped-child.js';
import { jsonText } from '../../text/json.js';
import { scrubbedEnv } from '../../text/redact.js';
import { sanitizeString } from '../../text/sanitize.js';

/** What a background command may write that is kept (its first line of stderr is what is said). */
const OUTPUT_CAP = 64 * 1024;
/** The longest stderr line said in the status bar. */
const MAX_LINE = 200;
/** A program's exit code after the Ctrl-C it caught (128 + SIGINT). */
const EXIT_AFTER_CTRL_C = 130;

export interface OwnCommandMessage {
  readonly tone: 'success' | 'warning' | 'error';
  readonly text: string;
}

export interface OwnCommandHost {
  readonly commands: readonly OwnCommand[];
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The key in use, for a command with `"withApiKey": true` (and to keep it out of every other's environment). */
  readonly apiKey: () => string | undefined;
  /** `{baseUrl}`: the service's base URL. */
  readonly baseUrl: string;
  readonly say: (message: OwnCommandMessage) => void;
  /** Hands the terminal to `run` (the app leaves its screen and stops reading keys) and takes it back after. */
  readonly foreground: (run: () => Promise<void>) => Promise<void>;
  /** Asks whether to continue or end a foreground command that has stopped (commands/stopped-question.ts). */
  readonly askStopped?: (name: string, signal: AbortSignal) => Promise<StoppedAnswer>;
  /** Keeps a failed foreground command's output on the terminal, with `text` (how it ended), until Enter. */
  readonly pauseAfterFailure?: (text: string) => Promise<void>;
  /** Told the descriptions of the background commands running whenever one starts or ends. */
  readonly running?: (names: readonly string[]) => void;
}

export interface OwnCommandRunner {
  /** Runs command `custom:<index>` (or the one sharing its key on `screen`) on `target`; says why not when nothing is selected. */
  run(index: number, screen: OwnCommandScreen, target: Omit<CommandTarget, 'baseUrl'> | undefined): void;
  /** Ends the background commands still running (at quit); one line for each, for stderr. */
  stopBackground(): Promise<string[]>;
  /** Ends the foreground command that has the terminal (the app is ended by a signal); its line for stderr. */
  stopForeground(): Promise<string[]>;
}

const sameKeys = (a: OwnCommand, b: OwnCommand): boolean => a.keys.map(idOf).join() === b.keys.map(idOf).join();

/** The name a message gives a command: its description. */
const named = (command: OwnCommand): string => JSON.stringify(command.description);

export function createOwnCommandRunner(host: OwnCommandHost): OwnCommandRunner {
  const jobs = new BackgroundCommands((names) => host.running?.(names));
  const inFront = new ForegroundCommand();
  const shellModes = new ShellModes();
  const envFor = (command: OwnCommand): Record<string, string> => {
    const key = host.apiKey();
    const env = scrubbedEnv(host.env, [key]);
    if (command.withApiKey && key !== undefined) env.PAGETUI_API_KEY = key;
    return env;
  };
  const start = (command: OwnCommand, target: CommandTarget, stdio: StdioOptions, detached: boolean): ChildProcess | undefined => {
    const [file = '', ...args] = fillArgv(command.argv, target);
    try {
      const child = spawn(file, args, { stdio, env: envFor(command), shell: false, detached });
      if (command.stdinJson) child.stdin?.on('error', () => undefined).end(`${jsonText(target.item, 2)}\n`);
      return child;
    } catch (error) {
      host.say({ tone: 'error', text: `Command ${named(command)} could not start: ${startFailure(command.argv[0] ?? '', error as NodeJS.ErrnoException)}` });
      return undefined;
    }
  };
  /** Resolves once the command has ended, with what was said of it when it failed (not when the user ended it). */
  const ended = (command: OwnCommand, child: ChildProcess, stderr: () => string): Promise<string | undefined> =>
    new Promise((resolve) => {
      // A program that could not start also closes (with a negative code): the error is what is said.
      let failed = false;
      child.once('error', (error: NodeJS.ErrnoException) => {
        failed = true;
        host.say({ tone: 'error', text: `Command ${named(command)} could not start: ${startFailure(command.argv[0] ?? '', error)}` });
        resolve(undefined);
      });
      child.once('close', (code, signal) => {
        if (failed || jobs.ending() || inFront.ending()) return resolve(undefined);
        const first = sanitizeString(stderr().split('\n').find((l) => l.trim() !== '') ?? '').slice(0, MAX_LINE);
        const status = signal ? `was stopped by ${signal}` : `exited ${code ?? '?'}`;
        const text = `Command ${named(command)} ${status}${first ? `: ${first}` : ''}`;
        host.say({ tone: code === 0 ? 'success' : 'error', text });
        // Ended by a signal (the Ctrl-C typed to it, `k` on a stopped one) or by Ctrl-C's 130: the user ended it.
        resolve(signal === null && code !== 0 && code !== EXIT_AFTER_CTRL_C ? text : undefined);
      });
    });
  const foreground = (command: OwnCommand, target: CommandTarget): Promise<void> =>
    host.foreground(async () => {
      shellModes.settle();
      const child = withChildTerminal((tty) => start(command, target, [command.stdinJson ? 'pipe' : tty, tty, tty], false));
      if (!child) return;
      inFront.started(command.description, child);
      const ask = host.askStopped;
      const stopWatching = ask ? watchStoppedChild(child, (signal) => ask(named(command), signal)) : undefined;
      const failure = await ended(command, child, () => '');
      // Before raw mode goes on again (the pause, the app), or the modes it left would be the next one's.
      shellModes.restore();
      // A question still on the terminal is put away before the app takes the terminal back.
      await stopWatching?.();
      // What a failed command wrote stays on the screen until Enter.
      if (failure !== undefined && !inFront.ending()) await host.pauseAfterFailure?.(failure);
    });
  const background = (command: OwnCommand, target: CommandTarget): void => {
    const runningFor = jobs.runningFor(command.index);
    if (runningFor !== undefined) return host.say({ tone: 'warning', text: `Command ${named(command)} is still running (for ${runningFor})` });
    // Detached: a session of its own, without the terminal, so it can neither read keys nor draw.
    const child = start(command, target, [command.stdinJson ? 'pipe' : 'ignore', 'pipe', 'pipe'], true);
    if (!child) return;
    let stderr = '';
    child.stdout?.resume();
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < OUTPUT_CAP) stderr += chunk.slice(0, OUTPUT_CAP - stderr.length);
    });
    void ended(command, child, () => stderr);
    jobs.add(command.index, command.description, child);
    child.unref();
  };
  return {
    run(index, screen, selected) {
      const pressed = host.commands.find((c) => c.index === index);
      if (!pressed) return;
      const command = pressed.screen === screen ? pressed : host.commands.find((c) => c.screen === screen && sameKeys(c, pressed));
      if (!command) return;
      if (!selected) return host.say({ tone: 'warning', text: `Command ${named(command)} was not run: the list is empty.` });
      const target = { ...selected, baseUrl: host.baseUrl };
      // "detail" covers a group's details too, where a page's placeholder has no value.
      const missing = command.screen === 'detail' && target.kind === 'groups' ? placeholderProblem(command.argv, 'groups') : undefined;
      if (missing !== undefined) return host.say({ tone: 'error', text: `Command ${named(command)} was not run: ${missing.replace(/on the groups screen$/, "on a page group's details")}` });
      const unsafe = unsafeIdProblem(command.argv, target);
      if (unsafe !== undefined) return host.say({ tone: 'error', text: `Command ${named(command)} was not run: ${unsafe}` });
      if (command.background) background(command, target);
      else void foreground(command, target);
    },
    stopBackground: () => jobs.stopAll(),
    stopForeground: () => inFront.stop(),
  };
}
