import http from "node:http";
import net, { type AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordingLogger } from "../../test-support/logger";
import {
  testBodyLimitBytes,
  testEndpoints,
  testHandlers,
  testResolvers,
} from "../../test-support/sample-endpoints";
import { type ConnectionLimits, defaultConnectionLimits } from "./connection-limits";
import { createApiApp } from "./create-api-app";
import { maxDrainedBodyBytes } from "./oversized-body";

// Short limits, so that what a slow client meets in minutes happens here in
// about a second; the waits below are generous, for a loaded machine.
const shortLimits: ConnectionLimits = {
  headersTimeoutMs: 600,
  idleTimeoutMs: 800,
  requestTimeoutMs: 1_500,
  keepAliveTimeoutMs: 700,
  checkIntervalMs: 100,
};
const closedWithinMs = 15_000;

let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  app = await createApiApp({
    endpoints: testEndpoints,
    handlers: testHandlers,
    logger: recordingLogger(),
    bodyLimitBytes: testBodyLimitBytes,
    resolvers: testResolvers,
    connectionLimits: shortLimits,
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
});

/** A raw connection: what it received, and when the server closed it. */
const rawConnection = () => {
  const socket = net.connect({ host: "127.0.0.1", port });
  let received = "";
  socket.setEncoding("latin1");
  socket.on("data", (text: string) => (received += text));
  socket.on("error", () => undefined);
  const closed = new Promise<"closed" | "still open">((resolve) => {
    socket.on("close", () => {
      resolve("closed");
    });
    setTimeout(() => {
      resolve("still open");
    }, closedWithinMs);
  });
  return {
    socket,
    received: () => received,
    closed: async () => {
      const outcome = await closed;
      socket.destroy();
      return outcome;
    },
  };
};

const postHead = (contentLength: number) =>
  [
    "POST /test/rename HTTP/1.1",
    "Host: 127.0.0.1",
    "Content-Type: application/json",
    `Content-Length: ${contentLength}`,
    "",
    "",
  ].join("\r\n");

describe("slow clients", () => {
  it("closes a connection whose headers never end", async () => {
    const connection = rawConnection();
    connection.socket.write("GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    // A header line now and then keeps the connection from being idle.
    const drip = setInterval(() => connection.socket.write("X-Slow: 1\r\n"), 200);
    expect(await connection.closed()).toBe("closed");
    clearInterval(drip);
  });

  it("closes a connection that promised a body and sends nothing", async () => {
    const connection = rawConnection();
    connection.socket.write(postHead(100));
    expect(await connection.closed()).toBe("closed");
    expect(connection.received()).not.toContain("200 OK");
  });

  it("closes a connection that drips its body a byte at a time", async () => {
    const connection = rawConnection();
    connection.socket.write(postHead(100));
    const drip = setInterval(() => connection.socket.write(" "), 200);
    expect(await connection.closed()).toBe("closed");
    clearInterval(drip);
    expect(connection.received()).not.toContain("200 OK");
  });

  it("closes a kept-alive connection that asks for nothing more", async () => {
    const connection = rawConnection();
    connection.socket.write("GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    expect(await connection.closed()).toBe("closed");
    expect(connection.received()).toMatch(/^HTTP\/1\.1 200 OK/);
  });

  it("sets a finite deadline for each stage by default", () => {
    for (const limit of Object.values(defaultConnectionLimits)) {
      expect(limit).toBeGreaterThan(0);
      expect(Number.isFinite(limit)).toBe(true);
    }
    expect(defaultConnectionLimits.headersTimeoutMs).toBeLessThanOrEqual(
      defaultConnectionLimits.requestTimeoutMs,
    );
  });
});

interface PostOutcome {
  status: number | undefined;
  connection: string | undefined;
  body: string;
  /** What the client met while writing or reading, such as a broken pipe. */
  errors: string[];
}

/** POSTs `bodyBytes` zero bytes with Node's client, which writes the whole body as a file upload does. */
const postBody = (agent: http.Agent, bodyBytes: number) =>
  new Promise<PostOutcome>((resolve) => {
    const outcome: PostOutcome = { status: undefined, connection: undefined, body: "", errors: [] };
    const request = http.request(
      {
        agent,
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/test/rename",
        headers: { "content-type": "application/json", "content-length": bodyBytes },
      },
      (answer) => {
        outcome.status = answer.statusCode;
        outcome.connection = answer.headers.connection;
        answer.setEncoding("utf8");
        answer.on("data", (text: string) => (outcome.body += text));
      },
    );
    request.on("error", (error) => outcome.errors.push(error.message));
    request.on("close", () => {
      resolve(outcome);
    });
    const piece = Buffer.alloc(256 * 1024);
    let left = bodyBytes;
    const writeMore = () => {
      while (left > 0) {
        const size = Math.min(left, piece.length);
        left -= size;
        if (!request.write(piece.subarray(0, size))) {
          request.once("drain", writeMore);
          return;
        }
      }
      request.end();
    };
    writeMore();
  });

describe("oversized bodies", () => {
  it("answers 413 to a client that writes its whole body first, and keeps the connection", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await postBody(agent, 20 * 1024 * 1024);
      expect(first).toMatchObject({
        status: 413,
        body: JSON.stringify({ code: "REQUEST_TOO_LARGE", message: "Request body is too large" }),
        errors: [],
      });
      expect(first.connection).not.toBe("close");
      const second = await postBody(agent, 8 * testBodyLimitBytes);
      expect(second).toMatchObject({ status: 413, errors: [] });
    } finally {
      agent.destroy();
    }
  });

  it("answers 413 and closes when the declared body is too large to drain", async () => {
    const connection = rawConnection();
    connection.socket.write(postHead(maxDrainedBodyBytes + 1));
    expect(await connection.closed()).toBe("closed");
    expect(connection.received()).toMatch(/^HTTP\/1\.1 413 /);
    expect(connection.received()).toContain('"code":"REQUEST_TOO_LARGE"');
  });
});
