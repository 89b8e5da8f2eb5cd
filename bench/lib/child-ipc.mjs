/**
 * A bench helper in a child process of its own, asked over IPC: each command is answered by the
 * child's next message, in order. The first message (`ready`) is the child's own, once it is up.
 */
import { fork } from 'node:child_process';

/**
 * Forks `file` with `options` as JSON in argv[2]: { ready, ask(command), close() }. `spawn` may add
 * Node flags (`execArgv`, after this process's own) and environment variables (`env`) for the child.
 */
export function forkAnswering(file, options, spawn = {}) {
  const child = fork(file, [JSON.stringify(options)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [...process.execArgv, ...(spawn.execArgv ?? [])],
    env: { ...process.env, ...spawn.env },
  });
  const waiting = [];
  child.on('message', (message) => waiting.shift()?.(message));
  const ask = (command) =>
    new Promise((resolve) => {
      waiting.push(resolve);
      if (command !== undefined) child.send(command);
    });
  return {
    ready: ask(),
    ask,
    close: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.send('close');
      }),
  };
}
