// A small static file server for pages the bench builds, on a free port of
// the loopback interface (a secure context, so Web Crypto is available).

import { readFile } from "node:fs/promises";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".map": "application/json",
};

export interface StaticServer {
  origin: string;
  close: () => Promise<void>;
}

export const serveDirectory = async (root: string): Promise<StaticServer> => {
  const server: Server = createServer((request, response) => {
    const urlPath = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    const relative = urlPath.endsWith("/") ? `${urlPath}index.html` : urlPath;
    const filePath = path.join(root, path.normalize(relative));
    if (!filePath.startsWith(root + path.sep)) {
      response.writeHead(403).end();
      return;
    }
    readFile(filePath).then(
      (body) => {
        response.writeHead(200, {
          "content-type": CONTENT_TYPES[path.extname(filePath)] ?? "application/octet-stream",
          "cache-control": "no-store",
        });
        response.end(body);
      },
      () => {
        response.writeHead(404).end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
};
