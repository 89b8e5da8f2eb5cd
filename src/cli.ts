import { MissingViewNameError, parseCliArgs, UsageError, type Subcommand } from './cli/args.js';
import { helpText } from './cli/help.js';
import { VERSION } from './version.js';
import { installStderrMessages, stderrAscii } from './cli/stderr-messages.js';
import { watchStdout } from './cli/stdout-writes.js';
import { keepBufferPoolSmall } from './cli/buffer-pool.js';

/** Runs pagetui with the given arguments and resolves with the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  keepBufferPoolSmall();
  installStderrMessages(process.stderr, stderrAscii(process.stderr, process.env, argv));
  let args;
  try {
    args = parseCliArgs(argv);
  } catch (error) {
    if (error instanceof MissingViewNameError) return usage((await import('./cli/start-view.js')).missingViewName(error.message, process.env));
    if (error instanceof UsageError) return usage(error.message);
    throw error;
  }
  // The app draws on a terminal and the demo server runs until stopped; any other command's output is watched.
  if (args.command === 'app' || (args.command === 'sub' && args.name === 'demo-server')) return run(args);
  const settled = watchStdout(process.stdout, process.stderr);
  return settled(await run(args));
}

async function run(args: ReturnType<typeof parseCliArgs>): Promise<number> {
  switch (args.command) {
    case 'version':
      process.stdout.write(`pagetui ${VERSION}\n`);
      return 0;
    case 'help': {
      // The app's help names the keys in effect, so it reads the config (but loads no ink).
      const text = args.topic === undefined ? (await import('./cli/help-keys.js')).appHelpText(process.env) : helpText(args.topic);
      if (text === undefined) return usage(`No help for "${args.topic}". Run "pagetui --help".`);
      process.stdout.write(text);
      return 0;
    }
    case 'sub':
      return runSubcommand(args.name, [...args.rest]);
    case 'app': {
      const { runInteractive } = await import('./cli/interactive.js');
      return runInteractive(args);
    }
  }
}

async function runSubcommand(name: Subcommand, rest: string[]): Promise<number> {
  switch (name) {
    case 'demo-server': {
      const { runDemoServerCommand } = await import('./demo-server/main.js');
      return runDemoServerCommand(rest, process.stdout);
    }
    case 'login':
    case 'logout':
    case 'auth': {
      const auth = await import('./cli/commands/auth-commands.js');
      if (name === 'login') return auth.runLogin(rest);
      if (name === 'logout') return auth.runLogout(rest);
      return auth.runAuth(rest);
    }
    case 'doctor': {
      const { runDoctor } = await import('./cli/commands/doctor/doctor-command.js');
      return runDoctor(rest);
    }
    case 'cache': {
      const { runCache } = await import('./cli/commands/cache-command.js');
      return runCache(rest, process.env, process.stdout);
    }
    case 'keys': {
      const { runKeys } = await import('./cli/commands/keys-command.js');
      return runKeys(rest);
    }
    case 'config': {
      const { runConfig } = await import('./cli/commands/config-command.js');
      return runConfig(rest);
    }
    case 'completion': {
      const { runCompletion } = await import('./cli/commands/completion/completion-command.js');
      return runCompletion(rest);
    }
    case 'groups':
    case 'pages': {
      const list = await import('./cli/commands/list-commands.js');
      return name === 'groups' ? list.runGroups(rest) : list.runPages(rest);
    }
  }
}

function usage(message: string): number {
  process.stderr.write(`pagetui: ${message}\n`);
  return 2;
}
