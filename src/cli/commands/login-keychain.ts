/**
 * `pagetui login` asks the keychain before it asks for the key (keychainProblem in
 * src/auth/keychain.ts): where the keychain cannot be reached (keytar cannot load, no D-Bus, no
 * Secret Service — usual over SSH), the user hears it before typing or piping anything, and is
 * offered what remains instead of a save that will fail. These are the words for that.
 */
import { credentialsPath } from '../../auth/paths.js';
import { line, type CommandIo } from './command-io.js';

/** `--with-key` without `--insecure-storage` and no keychain: one line, the key left unread. */
export function refuseUnreadKey(io: CommandIo, problem: string): void {
  line(
    io.stderr,
    `pagetui: ${problem} The key was not read and not saved: run again with --insecure-storage to store it in ${credentialsPath(io.env)} (plaintext, readable only by you), or set PAGETUI_API_KEY instead.`,
  );
}

/** The question the interactive login asks before the key field when the keychain is out of reach. */
export function fileStoreQuestion(io: CommandIo): string {
  return `Store the key in ${credentialsPath(io.env)} instead (plaintext, readable only by you)? No cancels: you can set PAGETUI_API_KEY instead.`;
}
