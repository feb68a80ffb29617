import { describe, expect, it } from "vitest";
import { startLoopbackByteServer } from "./loopback-byte-server";

const bytes = new Uint8Array(Array.from({ length: 1000 }, (_, index) => index % 256));

describe("startLoopbackByteServer", () => {
  it("serves the bytes, and the part a Range asks for, on 127.0.0.1", async () => {
    const server = await startLoopbackByteServer(bytes);
    try {
      expect(new URL(server.url).hostname).toBe("127.0.0.1");
      const whole = await fetch(server.url);
      expect(whole.status).toBe(200);
      expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);

      const part = await fetch(server.url, { headers: { Range: "bytes=990-" } });
      expect(part.status).toBe(206);
      expect(part.headers.get("content-range")).toBe("bytes 990-999/1000");
      expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.subarray(990));
    } finally {
      await server.close();
    }
  });

  it("answers nothing at another path, and nothing at all once closed", async () => {
    const server = await startLoopbackByteServer(bytes);
    const otherPath = new URL("/video", server.url).toString();
    expect((await fetch(otherPath)).status).toBe(404);
    await server.close();
    await expect(fetch(server.url)).rejects.toThrow();
  });

  it("puts a different unguessable path in each server's URL", async () => {
    const [first, second] = await Promise.all([
      startLoopbackByteServer(bytes),
      startLoopbackByteServer(bytes),
    ]);
    await Promise.all([first.close(), second.close()]);
    const firstPath = new URL(first.url).pathname;
    expect(firstPath).not.toBe(new URL(second.url).pathname);
    expect(firstPath.length).toBeGreaterThanOrEqual(40);
  });
});
