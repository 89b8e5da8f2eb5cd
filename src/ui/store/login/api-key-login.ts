/**
 * A key typed into the login form: checked first when a checker is given (see checkTypedKey),
 * then put in use, fetching again what failed and resuming what waited for it.
 */
import type { StatusMessage } from '../status-message.js';
import type { JumpFlow } from '../prompts/jump-flow.js';
import type { ListNavigator } from '../list/list-navigator.js';
import type { RefreshFlow } from '../reload/refresh-flow.js';
import type { ShownLists } from '../list/shown-lists.js';
import type { ApiKeyVerdict, AppSnapshot } from '../store-types.js';
import { checkTypedKey, type TypedApiKeySession } from './typed-api-key-session.js';

/** What the login needs from the store. */
export interface LoginHost {
  readonly checkKey: ((key: string) => Promise<ApiKeyVerdict>) | undefined;
  update(patch: Partial<AppSnapshot>): void;
  toast(message: StatusMessage): void;
  /** True once the store is disposed. */
  disposed(): boolean;
  readonly lists: Pick<ShownLists, 'active' | 'groups'>;
  readonly keySession: Pick<TypedApiKeySession, 'typed'>;
  readonly refreshFlow: Pick<RefreshFlow, 'retryFailed' | 'start'>;
  readonly navigator: Pick<ListNavigator, 'prefetch'>;
  readonly jumpFlow: Pick<JumpFlow, 'startPending'>;
}

export class ApiKeyLogin {
  constructor(private readonly host: LoginHost) {}

  /** A key typed into the login form. */
  submit(key: string): void {
    const checkKey = this.host.checkKey;
    if (!checkKey) return this.use(key);
    this.host.update({ overlay: null });
    checkTypedKey(checkKey, key, {
      toast: (toast) => this.host.toast(toast),
      use: (accepted) => {
        const failed = this.host.lists.active.pager.getSnapshot().state === 'error';
        this.use(accepted);
        return () => {
          if (!failed && !this.host.disposed()) this.host.refreshFlow.start();
        };
      },
    });
  }

  private use(key: string): void {
    this.host.keySession.typed(key);
    this.host.update({ overlay: null });
    for (const view of [this.host.lists.groups, this.host.lists.active]) {
      const snap = view.pager.getSnapshot();
      if (snap.state === 'error') view.pager.retry();
    }
    this.host.refreshFlow.retryFailed();
    this.host.navigator.prefetch();
    this.host.jumpFlow.startPending();
  }
}
