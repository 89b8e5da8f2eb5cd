/**
 * The API key for this run. Kept in one place, read on every request, replaced by the login form.
 * `toJSON` and `inspect` hide it, so an accidental log or crash dump of this object shows no secret.
 */
export class SessionApiKey {
  #key: string | undefined;

  constructor(initial?: string) {
    this.#key = initial === '' ? undefined : initial;
  }

  get(): string | undefined {
    return this.#key;
  }

  set(key: string): void {
    this.#key = key === '' ? undefined : key;
  }

  toJSON(): string {
    return '[redacted]';
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return 'SessionApiKey [redacted]';
  }
}
