// A one-file HTTP server on the loopback interface that serves bytes held in
// memory, so that ffmpeg can read (and seek in) a video without it ever being
// written to a disk. See: [Note: ffmpeg reads the video from a loopback server]

import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { byteRangeAnswer } from "./http-byte-range";

// [Note: ffmpeg reads the video from a loopback server]
//
// Cairn is end-to-end encrypted: the plaintext of a photo or a video never
// touches a disk, so the video to convert cannot be handed to ffmpeg as a
// temporary file. A pipe (stdin) does not do either: an MP4 or MOV written
// by a camera often has its index (the moov atom) after the media data, and
// ffmpeg must seek to read it. So each conversion starts a server that holds
// the bytes in memory and answers HTTP range requests, which ffmpeg's http
// input uses to seek (it asks `Range: bytes=N-` and sees a 206 with a
// Content-Range). The server listens on 127.0.0.1 only, on a port the system
// picks, at a path of 32 random bytes, so no other machine can reach it and
// another local program cannot guess it; it is closed, with its connections,
// as soon as the conversion ends, whatever the outcome.

/** Random bytes in the path: unguessable by another program on this machine. */
const pathTokenBytes = 32;

export interface LoopbackByteServer {
  /** The URL of the bytes (http://127.0.0.1:<port>/<token>). */
  url: string;
  /** Stops listening and drops open connections; resolves when closed. */
  close(): Promise<void>;
}

/** Serves `bytes` at an unguessable loopback URL until closed. */
export const startLoopbackByteServer = async (bytes: Uint8Array): Promise<LoopbackByteServer> => {
  const path = `/${randomBytes(pathTokenBytes).toString("base64url")}`;
  const sizeBytes = bytes.byteLength;
  const server = createServer((request, response) => {
    if (request.url !== path || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404).end();
      return;
    }
    const answer = byteRangeAnswer(request.headers.range, sizeBytes);
    const common = { "Accept-Ranges": "bytes", "Content-Type": "application/octet-stream" };
    const body = (part: Uint8Array) => {
      response.end(request.method === "HEAD" ? undefined : part);
    };
    if (answer.status === 416) {
      response.writeHead(416, { ...common, "Content-Range": `bytes */${sizeBytes}` }).end();
    } else if (answer.status === 206) {
      const { startByte, endByteInclusive } = answer;
      response.writeHead(206, {
        ...common,
        "Content-Range": `bytes ${startByte}-${endByteInclusive}/${sizeBytes}`,
        "Content-Length": endByteInclusive - startByte + 1,
      });
      body(bytes.subarray(startByte, endByteInclusive + 1));
    } else {
      response.writeHead(200, { ...common, "Content-Length": sizeBytes });
      body(bytes);
    }
  });
  // ffmpeg drops a connection when it seeks; the writes then fail, harmlessly.
  server.on("clientError", (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      }),
  };
};
