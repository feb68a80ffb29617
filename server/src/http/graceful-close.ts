import type { FastifyInstance } from "fastify";

// [Note: Closing ends keep-alive connections]
//
// `close()` stops accepting connections and drops idle keep-alive ones, then
// waits for the others. A connection busy with a request when shutdown starts
// would, once answered, sit idle in keep-alive and hold the shutdown open
// indefinitely. So from the moment closing starts, every answer carries
// `Connection: close`, and each connection ends with its last answer.
export const closeConnectionsWhenClosing = (app: FastifyInstance): void => {
  let closing = false;
  app.addHook("preClose", (done) => {
    closing = true;
    done();
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    if (closing) reply.header("Connection", "close");
    return payload;
  });
};
