/** What the pty tests of commands of your own share: a one-group server and a config of commands. */
import { createServer, type Server } from 'node:http';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A server with one group, `grp-1` "Group one", holding the one page `page`. */
export function oneGroupServer(page: Record<string, unknown>): Server {
  return createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/v0/page_groups/grp-1/pages')) return res.end(JSON.stringify({ items: [page], hasMore: false }));
    if (req.url?.startsWith('/v0/page_groups')) return res.end(JSON.stringify({ items: [{ pageGroupId: 'grp-1', title: 'Group one' }], hasMore: false }));
    res.statusCode = 404;
    res.end('{}');
  });
}

/** Writes `{ commands }` as the config under `dir`; returns the XDG_CONFIG_HOME to give the app. */
export async function configWithCommands(dir: string, commands: unknown[]): Promise<string> {
  const config = join(dir, 'config');
  await mkdir(join(config, 'pagetui'), { recursive: true });
  await writeFile(join(config, 'pagetui', 'config.json'), JSON.stringify({ commands }, null, 2));
  return config;
}

/** Opens the one group from the group list and waits for its page (`pageText`) to show. */
export async function openTheGroup(app: { waitFor(check: string): Promise<unknown>; write(keys: string): void }, pageText: string): Promise<void> {
  await app.waitFor('Group one');
  app.write('\r');
  await app.waitFor(pageText);
}
