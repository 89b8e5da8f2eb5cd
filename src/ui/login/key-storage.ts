/**
 * Where a key typed into the app's `L` form goes once it has worked. The keychain is asked when
 * the form opens; where it cannot be reached the form says so before anything is typed and the
 * user picks: this session only (the default) or the 0600 file — or Esc, and PAGETUI_API_KEY.
 * No React here: the CLI builds it, the form only reads and switches it.
 */
export type KeyStore = 'session' | 'file';

export interface KeyStorage {
  /** The plaintext credentials file (for the form to name). */
  readonly filePath: string;
  /** Why the keychain cannot store a key (one sentence), or undefined when it can; asked once. */
  keychainProblem(): Promise<string | undefined>;
  /** What the user picked while the keychain is out of reach. */
  store: KeyStore;
  /** Saves a key that worked where it should go; resolves with the status-bar line. */
  remember(key: string): Promise<string>;
}

export interface KeyStorageDeps {
  readonly filePath: string;
  readonly probe: () => Promise<string | undefined>;
  /** Saves to the keychain (`insecureStorage` false) or the file; resolves with the status line. */
  readonly save: (key: string, insecureStorage: boolean) => Promise<string>;
}

export function createKeyStorage(deps: KeyStorageDeps): KeyStorage {
  let problem: Promise<string | undefined> | undefined;
  const storage: KeyStorage = {
    filePath: deps.filePath,
    store: 'session',
    keychainProblem: () => (problem ??= deps.probe().catch(() => 'The keychain could not be asked.')),
    async remember(key) {
      const reason = await storage.keychainProblem();
      if (reason === undefined) return deps.save(key, false);
      if (storage.store === 'file') return deps.save(key, true);
      return 'Key kept for this session only';
    },
  };
  return storage;
}
