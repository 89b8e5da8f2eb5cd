'use strict';
// The part of undici the client uses (Agent, Pool, ProxyAgent and their request API), in place of
// undici's index, which also evaluates fetch, WebSocket, EventSource, cookies, caches and mocks at
// start-up: about half of undici's evaluation time, on every command's path.
const Dispatcher = require('undici/lib/dispatcher/dispatcher');
const api = require('undici/lib/api');

Object.assign(Dispatcher.prototype, api);

module.exports.Dispatcher = Dispatcher;
module.exports.Agent = require('undici/lib/dispatcher/agent');
module.exports.ProxyAgent = require('undici/lib/dispatcher/proxy-agent');
module.exports.Pool = require('undici/lib/dispatcher/pool');
