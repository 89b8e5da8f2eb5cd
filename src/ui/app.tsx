import { Box, useApp, useInput } from 'ink';
import { useEffect, useSyncExternalStore } from 'react';
import { pageGroupView, pageView } from '../api/items.js';
import { DetailView } from './components/DetailView.js';
import { Header } from './components/Header.js';
import { HelpOverlay } from './components/HelpOverlay.js';
import { TooSmall } from './components/TooSmall.js';
import { commandsFor } from './keys/index.js';
import { LoginScreen } from './screens/LoginScreen.js';
import { ListScreen } from './screens/ListScreen.js';
import { StatusLine } from './screens/StatusLine.js';
import type { AppStore } from './store/app-store.js';
import { detailRows, isTooSmall, listRows } from './store/layout.js';

export interface AppProps {
  readonly store: AppStore;
  /** What the breadcrumb calls the service. */
  readonly origin: string;
  readonly profile?: string;
  /** Ctrl-Z: hand the terminal back to the shell. */
  readonly onSuspend: () => void;
}

/** The root: routes keys to the store and picks what fills the screen. */
export function App({ store, origin, profile, onSuspend }: AppProps) {
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const { exit } = useApp();

  // Always active, even while the login form has the keys: deactivating it could drop the
  // terminal out of raw mode for a moment, and the tty would echo what is typed then (the key).
  useInput((input, key) => {
    if (store.getSnapshot().overlay === 'login') return;
    for (const command of commandsFor(input, key)) {
      if (command === 'suspend') onSuspend();
      else store.command(command);
    }
  });

  useEffect(() => {
    if (snap.quitting) exit();
  }, [snap.quitting, exit]);

  const { columns: width, rows: height } = snap;
  if (isTooSmall(width, height)) return <TooSmall width={width} height={height} />;

  const crumbs = snap.route === 'pages' ? [origin, snap.list.title || snap.list.groupId || ''] : [origin];
  const selectedItem = snap.pager.items[snap.list.selected];
  return (
    <Box flexDirection="column" width={width}>
      <Header width={width} breadcrumb={crumbs} profile={profile} />
      {snap.overlay === 'help' ? (
        <HelpOverlay width={width} height={listRows(height) + 1} />
      ) : snap.overlay === 'login' ? (
        <LoginScreen
          origin={origin}
          height={listRows(height) + 1}
          onSubmit={(key) => store.submitKey(key)}
          onCancel={() => store.closeLogin()}
          onQuit={() => store.command('quit')}
        />
      ) : snap.overlay === 'detail' && selectedItem ? (
        <DetailView
          title={detailTitle(snap.route, selectedItem)}
          record={selectedItem}
          width={width}
          height={detailRows(height) + 1}
          scroll={snap.detailScroll}
        />
      ) : (
        <ListScreen
          kind={snap.route}
          items={snap.pager.items}
          selected={snap.list.selected}
          top={snap.list.top}
          rows={listRows(height)}
          width={width}
          emptyText={emptyText(snap.pager.state, snap.route)}
        />
      )}
      <StatusLine width={width} pager={snap.pager} toast={snap.toast} following={snap.following} />
    </Box>
  );
}

function detailTitle(route: 'groups' | 'pages', item: Readonly<Record<string, unknown>>): string {
  if (route === 'groups') {
    const g = pageGroupView(item);
    return `Page group ${g.title || g.id}`;
  }
  const p = pageView(item);
  return `Page ${p.name || p.id}`;
}

function emptyText(state: string, route: 'groups' | 'pages'): string {
  if (state === 'loading' || state === 'idle') return 'Loading…';
  if (state === 'done') return route === 'groups' ? 'No page groups.' : 'This page group has no pages.';
  return 'Nothing loaded.';
}
