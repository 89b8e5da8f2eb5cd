/**
 * The interactive prompts of `pagetui login`, drawn with ink on stderr. Loaded only when a prompt
 * is needed, so `login --with-key`, `logout` and `auth status` never load React.
 */
import { render, type Instance } from 'ink';
import type { ReactElement } from 'react';
import { asciiWanted, setAsciiOnly } from '../../text/charset.js';
import { ConfirmPrompt, MaskedApiKeyField } from '../../ui/login/index.js';
import { ThemeContext, getTheme } from '../../ui/theme/index.js';
import type { CommandIo } from './command-io.js';

/** Renders `build(finish)` until `finish` is called; then the prompt is erased and its value returned. */
function ask<T>(io: CommandIo, build: (finish: (value: T) => void) => ReactElement): Promise<T> {
  const stdin = io.stdin as NodeJS.ReadStream;
  // Ink turns echo off only after its first frame; a key pasted as soon as the prompt shows would
  // be echoed in clear by the terminal in between. Raw mode first closes that gap (ink restores it).
  if (stdin.isTTY) stdin.setRawMode(true);
  // As in the app: a terminal under a non-UTF-8 locale gets the ASCII forms (the mask is '*').
  setAsciiOnly(asciiWanted(io.env));
  return new Promise((resolve) => {
    let instance: Instance | undefined;
    let done = false;
    const finish = (value: T): void => {
      if (done) return;
      done = true;
      instance?.clear();
      instance?.unmount();
      resolve(value);
    };
    instance = render(<ThemeContext.Provider value={getTheme(io.env)}>{build(finish)}</ThemeContext.Provider>, {
      stdout: io.stderr as NodeJS.WriteStream,
      stdin,
      exitOnCtrlC: false,
      patchConsole: false,
    });
  });
}

/**
 * Asks for the key in a masked field; undefined when the user cancels (Esc, Ctrl-C). `rejected`:
 * why the key typed before was refused, said under the field.
 */
export function promptForKey(io: CommandIo, origin: string, destination: string, rejected?: string): Promise<string | undefined> {
  const feedback = rejected === undefined ? {} : { feedback: { tone: 'error' as const, text: rejected } };
  return ask<string | undefined>(io, (finish) => (
    <MaskedApiKeyField origin={origin} destination={destination} onSubmit={finish} onCancel={() => finish(undefined)} {...feedback} />
  ));
}

/** A yes/no question after the reason it is asked for ('Save the key anyway?'); No is the default. */
export function confirmSaveAnyway(io: CommandIo, reason: string, question: string): Promise<boolean> {
  return ask<boolean>(io, (finish) => <ConfirmPrompt reason={reason} question={question} onAnswer={finish} />);
}
