/**
 * Entry points of `pagetui login`, `pagetui logout` and `pagetui auth …`, routed here by src/cli.ts.
 * Each takes the arguments after the command name and resolves with the exit code
 * (0 ok, 1 key works but not saved, 2 usage, 3 auth, 4 rate limited, 5 API error, 6 network,
 * 130 cancelled).
 * The optional `io` (streams, environment) defaults to the process's own.
 */
export { runLogin } from './login-command.js';
export { runLogout } from './logout-command.js';
export { runAuth } from './auth-status-command.js';
export { AUTH_HELP } from './auth-help.js';
export { type CommandIo } from './command-io.js';
