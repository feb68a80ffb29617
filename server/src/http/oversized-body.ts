import type { FastifyReply, FastifyRequest } from "fastify";

// [Note: An oversized body is drained after its 413]
//
// fastify answers 413 as soon as the declared Content-Length passes the body
// limit (or, without one, as soon as the bytes read do), and then closes the
// connection. Most HTTP clients write the whole body before they read any
// answer, so the close reaches them mid-write and they report a broken pipe
// or a reset, never the 413 and its message. So the 413 keeps the connection
// and the rest of the body is read and dropped: the client finishes writing,
// reads the 413, and may reuse the connection. Draining costs the server
// bandwidth, not memory, and is bounded: a body declared beyond
// `maxDrainedBodyBytes`, or one that keeps coming past it, gets the 413 and
// a closed connection as before. The request timeout bounds the time.
// See: [Note: Slow clients cannot hold sockets]

/** The most bytes of an oversized body read and dropped after its 413. */
export const maxDrainedBodyBytes = 64 * 1024 * 1024;

const declaredLength = (request: FastifyRequest): number | undefined => {
  const header = request.headers["content-length"];
  const length = Number(header);
  return header === undefined || !Number.isSafeInteger(length) ? undefined : length;
};

/**
 * Lets the 413 `reply` keep its connection and drops the rest of the body,
 * unless the body is too large to drain. See: [Note: An oversized body is drained after its 413]
 */
export const drainOversizedBody = (request: FastifyRequest, reply: FastifyReply): void => {
  const body = request.raw;
  if (body.complete) return;
  const declared = declaredLength(request);
  if (declared !== undefined && declared > maxDrainedBodyBytes) return;
  reply.removeHeader("connection");
  let drainedBytes = 0;
  body.on("data", (chunk: Buffer) => {
    drainedBytes += chunk.length;
    if (drainedBytes > maxDrainedBodyBytes) body.socket.destroy();
  });
  body.resume();
};
