// The entry point of the single executable (scripts/sea.mjs, docs/single-executable.md): the whole
// app as one CommonJS script run by the Node built into the file. No version check (that Node is
// known), no compile cache (the build embeds V8's code cache), and the keychain child is the
// executable itself, started with KEYCHAIN_CHILD_ARG (it takes no Node options such as -e).
import { KEYCHAIN_CHILD_ARG, runKeychainChildHere } from './auth/keychain-child.js';
import { main } from './cli.js';
import { exitOnUnexpected, exitWhenDrained } from './startup/exit.js';

const argv = process.argv.slice(2);
if (argv[0] === KEYCHAIN_CHILD_ARG) runKeychainChildHere().catch(exitOnUnexpected);
else main(argv).then(exitWhenDrained, exitOnUnexpected);
