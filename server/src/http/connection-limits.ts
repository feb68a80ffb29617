import type { ServerOptions } from "node:http";

// [Note: Slow clients cannot hold sockets]
//
// Node's own defaults let a connection live long without doing anything:
// fastify turns Node's request timeout off, and a client that sends its
// headers, promises a body and then stays silent kept its socket for minutes.
// A few hundred such clients exhaust a process's sockets (Slowloris). Every
// listener of a Cairn process (the API and the three apps) therefore bounds:
// - the headers, which must all arrive within `headersTimeoutMs` (Node answers
//   408 and closes), however slowly they trickle in;
// - the silence: a connection with no byte in either direction for
//   `idleTimeoutMs` is closed, in the middle of a request or between two;
// - the whole request, headers and body, which must arrive within
//   `requestTimeoutMs`, so a body dripped a byte at a time still ends. The
//   largest honest request is a 20 MB upload part or a whole small file
//   sent to a local blob URL, which takes ten minutes only on a link of
//   about 270 kbit/s;
// - a kept-alive connection's wait for its next request, `keepAliveTimeoutMs`:
//   longer than the 60 s a reverse proxy such as nginx keeps its idle
//   upstream connections, so the proxy, not Cairn, closes them and never
//   sends a request on a connection Cairn has just closed.
// Node checks the header and request timeouts every `checkIntervalMs`, so a
// connection is closed at most that much after its deadline.

export interface ConnectionLimits {
  headersTimeoutMs: number;
  idleTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  checkIntervalMs: number;
}

export const defaultConnectionLimits: ConnectionLimits = {
  headersTimeoutMs: 20_000,
  idleTimeoutMs: 60_000,
  requestTimeoutMs: 10 * 60_000,
  keepAliveTimeoutMs: 72_000,
  checkIntervalMs: 5_000,
};

/** The fastify (and Node `http.Server`) options that enforce `limits`. */
export const fastifyConnectionOptions = (
  limits: ConnectionLimits,
): {
  connectionTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
} => ({
  connectionTimeout: limits.idleTimeoutMs,
  requestTimeout: limits.requestTimeoutMs,
  keepAliveTimeout: limits.keepAliveTimeoutMs,
  http: {
    headersTimeout: limits.headersTimeoutMs,
    // Node refuses a header timeout above its request timeout; fastify sets
    // the request timeout only after creating the server.
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: limits.checkIntervalMs,
  },
});
