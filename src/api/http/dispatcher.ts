/**
 * The undici dispatcher a client sends through: an Agent, or a ProxyAgent for the proxy in effect.
 * Through a proxy it also tells what the connection is waiting for (a CONNECT the proxy has not
 * answered yet) and marks the errors of the connection to the proxy itself, so a message can say
 * them about the proxy rather than the service.
 */
import { Agent, Pool, ProxyAgent, type buildConnector, type Dispatcher } from 'undici';
import { isIP, type Socket } from 'node:net';
import type { ProxyDecision } from './proxy.js';
import { markProxyLeg } from './proxy-errors.js';

/** CONNECTs sent to the proxy and not answered yet. */
export interface TunnelWatch {
  pending: number;
  /**
   * Closes the connections to the proxy that carry no tunnel (a CONNECT not answered yet, or
   * none): nothing waits on them any more, and undici would keep one open until the deadline.
   */
  abandon?: () => void;
}

export interface ClientDispatcher {
  readonly dispatcher: Dispatcher;
  readonly tunnels: TunnelWatch;
}

export function createDispatcher(baseUrl: URL, decision: ProxyDecision | undefined, connectTimeout: number, deadlineMs: number): ClientDispatcher {
  const tunnels: TunnelWatch = { pending: 0 };
  const agentOpts = {
    connect: { timeout: connectTimeout },
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 60_000,
  };
  if (decision?.proxy === undefined) return { dispatcher: new Agent(agentOpts), tunnels };
  const legs = new Set<Socket>();
  // Destroyed with an error of its own: an abort would have undici open a new connection for the CONNECT it ends.
  tunnels.abandon = () => {
    for (const leg of legs) leg.destroy(new Error('stopped waiting for the proxy'));
  };
  const dispatcher = new ProxyAgent({
    ...agentOpts,
    uri: decision.proxy.withCredentials(),
    // A plain-http service is asked through the proxy in absolute form, as curl does; https is tunnelled (CONNECT).
    proxyTunnel: baseUrl.protocol === 'https:',
    // The CONNECT goes through this pool; undici's own wait for its answer is 300 s, which the
    // response deadline does not reach. A proxy that never answers is given the deadline, no more.
    clientFactory: (origin, options) => {
      const connect = (options as { connect?: buildConnector.connector }).connect;
      const pool = new Pool(origin, { ...options, ...(connect ? { connect: proxyLegConnector(connect, legs) } : {}), headersTimeout: deadlineMs, bodyTimeout: deadlineMs });
      return watchTunnels(pool, tunnels, legs);
    },
  });
  return { dispatcher, tunnels };
}

/**
 * The connector to the proxy, its errors marked, each connection kept in `legs` until it carries
 * a tunnel or closes; an IP address is not sent as a TLS server name (node warns of it).
 */
function proxyLegConnector(connect: buildConnector.connector, legs: Set<Socket>): buildConnector.connector {
  return (options, callback) => {
    const named = options.servername !== undefined && isIP(options.servername) !== 0 ? { ...options, servername: undefined } : options;
    connect(named, (...args) => {
      if (args[0] !== null) markProxyLeg(args[0]);
      else {
        const leg = args[1];
        legs.add(leg);
        leg.once('close', () => legs.delete(leg));
      }
      callback(...args);
    });
  };
}

/** Counts the CONNECTs the proxy owes an answer; an answered one's connection is a tunnel, no longer a leg to close. */
function watchTunnels(pool: Pool, tunnels: TunnelWatch, legs: Set<Socket>): Pool {
  const connect = pool.connect.bind(pool) as (opts: Dispatcher.ConnectOptions) => Promise<Dispatcher.ConnectData>;
  const tracked = async (opts: Dispatcher.ConnectOptions): Promise<Dispatcher.ConnectData> => {
    tunnels.pending++;
    try {
      const tunnel = await connect(opts);
      legs.delete(tunnel.socket as Socket);
      return tunnel;
    } finally {
      tunnels.pending--;
    }
  };
  pool.connect = tracked as Pool['connect'];
  return pool;
}
