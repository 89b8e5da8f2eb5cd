/**
 * Where a key typed into the app's login form goes once it has worked: this session only, the
 * OS keychain, or the 0600 credentials file. The keychain is asked when the form opens; the form
 * says where the key will go before anything is typed, and Tab changes it. The key goes exactly
 * where the form said when Enter was pressed. No React here: the CLI builds it, the form reads it.
 */
export type KeyDestination = 'session' | 'keychain' | 'file';

export interface KeyStorage {
  /** The plaintext credentials file (for the form to name). */
  readonly filePath: string;
  /** Why the keychain cannot store a key (one sentence), or undefined when it can; asked once. */
  keychainProblem(): Promise<string | undefined>;
  /** Why the credentials file was not used to find a key at start (e.g. others can read it), with its fix. */
  readonly fileNote?: string;
  /** Saves a key that worked where the form said; resolves with the status-bar line. */
  save(key: string, where: KeyDestination): Promise<string>;
}

export interface KeyStorageDeps {
  readonly filePath: string;
  readonly fileNote?: string;
  readonly probe: () => Promise<string | undefined>;
  /** Saves to the keychain or the file; resolves with the status line. */
  readonly save: (key: string, where: 'keychain' | 'file') => Promise<string>;
}

export const SESSION_ONLY = 'Key kept for this session only';

export function createKeyStorage(deps: KeyStorageDeps): KeyStorage {
  let problem: Promise<string | undefined> | undefined;
  return {
    filePath: deps.filePath,
    ...(deps.fileNote === undefined ? {} : { fileNote: deps.fileNote }),
    keychainProblem: () => (problem ??= deps.probe().catch(() => 'The keychain could not be asked.')),
    save: (key, where) => (where === 'session' ? Promise.resolve(SESSION_ONLY) : deps.save(key, where)),
  };
}

/** Where Tab can send the key: the keychain first where it can store one. */
export function destinationsFor(keychainProblem: string | undefined): readonly KeyDestination[] {
  return keychainProblem === undefined ? ['keychain', 'session', 'file'] : ['session', 'file'];
}

/** The form's words for where the key goes once it works. */
export function destinationText(where: KeyDestination, filePath: string): string {
  switch (where) {
    case 'session':
      return 'kept for this session only';
    case 'keychain':
      return 'saved in the OS keychain';
    case 'file':
      return `saved in the 0600 file at ${filePath} (plaintext)`;
  }
}
