import { createHash, randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { BlobRequestError } from "./blob-request-error";

// The local store's private scratch folder (`<dir>/.tmp`), where every write
// lands before it is renamed into place.
// See: [Note: Local objects are never half-written]

/** What the uploader promised; checked against what arrived. */
export interface ExpectedBody {
  /** From `Content-Length` or the signed length. */
  lengthBytes?: number | undefined;
  /** Base64 MD5s (`Content-MD5` header, signed MD5); each must match. */
  md5sB64?: readonly string[];
}

/**
 * A temporary file untouched this long belongs to an upload that died: a live
 * upload writes to it continuously, so its modification time keeps moving.
 */
const abandonedTemporaryMs = 60 * 60 * 1000;

const md5HexFromB64 = (md5B64: string): string | undefined => {
  const bytes = Buffer.from(md5B64, "base64");
  return bytes.length === 16 && bytes.toString("base64") === md5B64.trim()
    ? bytes.toString("hex")
    : undefined;
};

export interface TemporaryFiles {
  /** The path of a new temporary file (not yet created). */
  newFile(): Promise<string>;
  /**
   * Stream `body` into a new temporary file, checking size and MD5 against
   * what was promised; on any failure the file is gone and a
   * `BlobRequestError` says why.
   */
  receive(
    body: Readable,
    expected: ExpectedBody,
    maxBytes: number,
  ): Promise<{ file: string; md5Hex: string }>;
  /** Remove files of dead uploads; returns how many. */
  sweep(nowMs: number): Promise<number>;
}

export const createTemporaryFiles = (dir: string): TemporaryFiles => {
  const newFile = async () => {
    await mkdir(dir, { recursive: true });
    return path.join(dir, randomBytes(16).toString("hex"));
  };

  return {
    newFile,

    async receive(body, expected, maxBytes) {
      const expectedMD5s = (expected.md5sB64 ?? []).map((md5B64) => {
        const hex = md5HexFromB64(md5B64);
        if (hex === undefined)
          throw new BlobRequestError("InvalidArgument", "Invalid Content-MD5.");
        return hex;
      });
      const tooLarge = () =>
        new BlobRequestError("EntityTooLarge", `The upload exceeds ${maxBytes} bytes.`);
      if (expected.lengthBytes !== undefined && expected.lengthBytes > maxBytes) throw tooLarge();

      const file = await newFile();
      const hash = createHash("md5");
      let sizeBytes = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          sizeBytes += chunk.length;
          if (sizeBytes > maxBytes) {
            callback(tooLarge());
            return;
          }
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      try {
        await pipeline(body, meter, createWriteStream(file, { flags: "wx", mode: 0o600 }));
        if (expected.lengthBytes !== undefined && sizeBytes !== expected.lengthBytes) {
          throw new BlobRequestError(
            "IncompleteBody",
            `Received ${sizeBytes} bytes, expected ${expected.lengthBytes}.`,
          );
        }
        const md5Hex = hash.digest("hex");
        if (expectedMD5s.some((expectedHex) => expectedHex !== md5Hex)) {
          throw new BlobRequestError(
            "BadDigest",
            "The Content-MD5 you specified did not match what we received.",
          );
        }
        return { file, md5Hex };
      } catch (error) {
        await rm(file, { force: true });
        if (error instanceof BlobRequestError) throw error;
        throw new BlobRequestError("IncompleteBody", "The upload ended before its last byte.");
      }
    },

    async sweep(nowMs) {
      const names = await readdir(dir).catch(() => []);
      let removed = 0;
      for (const name of names) {
        const file = path.join(dir, name);
        const stats = await stat(file).catch(() => undefined);
        if (stats !== undefined && stats.mtimeMs + abandonedTemporaryMs <= nowMs) {
          await rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
};
