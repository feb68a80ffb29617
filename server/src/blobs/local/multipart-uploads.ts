import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { z } from "zod";
import { presignedURLValidityMs } from "../blob-store";
import type { CompletedPart } from "../s3-xml";
import { BlobRequestError } from "./blob-request-error";
import type { TemporaryFiles } from "./temporary-files";

// The local store's multipart uploads, in `<dir>/.uploads/<uploadID>/`:
// `upload.json` (key, part count, expiry) and one file per part named
// `<n>.<md5hex>.part`, so a part's ETag is part of its name and completion
// checks ETags by existence. Completion first renames the upload folder away,
// so only one completion can win and no part can land mid-assembly.
// See: [Note: Local objects are never half-written]

const uploadSchema = z.object({
  key: z.string(),
  partCount: z.number().int(),
  createdAtMs: z.number(),
  expiresAtMs: z.number(),
});

const uploadIDPattern = /^[0-9a-f]{32}$/;

const noSuchUpload = () =>
  new BlobRequestError("NoSuchUpload", "The upload does not exist, was completed or has expired.");

const isNotFound = (error: unknown): boolean =>
  (error as NodeJS.ErrnoException | undefined)?.code === "ENOENT";

const partFileName = (partNumber: number, etag: string) => `${partNumber}.${etag}.part`;

/** The bytes of several files, one after the other. */
async function* concatenate(files: readonly string[]): AsyncGenerator<Buffer> {
  for (const file of files) {
    for await (const chunk of createReadStream(file)) yield chunk as Buffer;
  }
}

export interface MultipartUploads {
  /** Start an upload of `partCount` parts; returns its ID. */
  create(key: string, partCount: number, nowMs: number, validForMs: number): Promise<string>;
  /** Check that part `partNumber` may be uploaded (before receiving its bytes). */
  checkPart(key: string, uploadID: string, partNumber: number): Promise<void>;
  /** Move a received part (a temporary file) into the upload. */
  addPart(
    key: string,
    uploadID: string,
    partNumber: number,
    received: { file: string; md5Hex: string },
  ): Promise<void>;
  /** Assemble the listed parts into `target`; returns S3's multipart ETag. */
  complete(key: string, uploadID: string, parts: CompletedPart[], target: string): Promise<string>;
  /** Remove uploads that can no longer be completed; returns how many. */
  sweep(nowMs: number): Promise<number>;
}

export const createMultipartUploads = (
  dir: string,
  temporaryFiles: TemporaryFiles,
): MultipartUploads => {
  const folderOf = (uploadID: string) => {
    if (!uploadIDPattern.test(uploadID)) throw noSuchUpload();
    return path.join(dir, uploadID);
  };

  const readUpload = async (key: string, uploadID: string) => {
    const folder = folderOf(uploadID);
    let upload: z.infer<typeof uploadSchema>;
    try {
      upload = uploadSchema.parse(
        JSON.parse(await readFile(path.join(folder, "upload.json"), "utf8")),
      );
    } catch {
      throw noSuchUpload();
    }
    if (upload.key !== key) throw noSuchUpload();
    return { folder, upload };
  };

  return {
    async create(key, partCount, nowMs, validForMs) {
      const uploadID = randomBytes(16).toString("hex");
      const folder = folderOf(uploadID);
      await mkdir(folder, { recursive: true });
      await writeFile(
        path.join(folder, "upload.json"),
        JSON.stringify({ key, partCount, createdAtMs: nowMs, expiresAtMs: nowMs + validForMs }),
      );
      return uploadID;
    },

    async checkPart(key, uploadID, partNumber) {
      const { upload } = await readUpload(key, uploadID);
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > upload.partCount) {
        throw new BlobRequestError(
          "InvalidArgument",
          `Part number must be an integer between 1 and ${upload.partCount}.`,
        );
      }
    },

    async addPart(key, uploadID, partNumber, { file, md5Hex }) {
      const folder = folderOf(uploadID);
      try {
        await readUpload(key, uploadID);
        await rename(file, path.join(folder, partFileName(partNumber, md5Hex)));
      } catch (error) {
        await rm(file, { force: true });
        if (isNotFound(error)) throw noSuchUpload();
        throw error;
      }
      // A part uploaded again replaces the earlier upload of the same number.
      const earlier = (await readdir(folder).catch(() => [])).filter(
        (name) => name.startsWith(`${partNumber}.`) && name !== partFileName(partNumber, md5Hex),
      );
      await Promise.all(earlier.map((name) => rm(path.join(folder, name), { force: true })));
    },

    async complete(key, uploadID, parts, target) {
      const { folder, upload } = await readUpload(key, uploadID);
      for (const [index, part] of parts.entries()) {
        const previous = parts[index - 1];
        if (previous !== undefined && part.partNumber <= previous.partNumber) {
          throw new BlobRequestError(
            "InvalidPartOrder",
            "The list of parts was not in ascending order.",
          );
        }
      }
      if (parts.length !== upload.partCount || parts.some((part, i) => part.partNumber !== i + 1)) {
        throw new BlobRequestError(
          "InvalidPart",
          `Every part from 1 to ${upload.partCount} must be listed.`,
        );
      }

      // Take the upload away from concurrent part uploads and completions.
      const assembling = `${folder}.assembling`;
      try {
        await rename(folder, assembling);
      } catch (error) {
        if (isNotFound(error)) throw noSuchUpload();
        throw error;
      }
      const present = new Set(await readdir(assembling));
      const missing = parts.find((part) => !present.has(partFileName(part.partNumber, part.etag)));
      if (missing !== undefined) {
        await rename(assembling, folder);
        throw new BlobRequestError(
          "InvalidPart",
          `Part ${missing.partNumber} was not uploaded or its ETag does not match.`,
        );
      }

      const file = await temporaryFiles.newFile();
      try {
        const partsHash = createHash("md5");
        const partFiles = parts.map((part) => {
          partsHash.update(Buffer.from(part.etag, "hex"));
          return path.join(assembling, partFileName(part.partNumber, part.etag));
        });
        await pipeline(
          Readable.from(concatenate(partFiles)),
          createWriteStream(file, { flags: "wx", mode: 0o600 }),
        );
        await mkdir(path.dirname(target), { recursive: true });
        await rename(file, target);
        await rm(assembling, { recursive: true, force: true });
        // S3's multipart ETag: MD5 of the parts' binary MD5s, dash, part count.
        return `${partsHash.digest("hex")}-${parts.length}`;
      } catch (error) {
        await rm(file, { force: true });
        await rename(assembling, folder).catch(() => undefined);
        throw error;
      }
    },

    async sweep(nowMs) {
      let removed = 0;
      for (const name of await readdir(dir).catch(() => [])) {
        const folder = path.join(dir, name);
        let expired: boolean;
        if (name.endsWith(".assembling")) {
          // Being completed, or left over from a crash mid-assembly.
          const stats = await stat(folder).catch(() => undefined);
          expired = stats !== undefined && stats.mtimeMs + presignedURLValidityMs <= nowMs;
        } else
          try {
            const upload = uploadSchema.parse(
              JSON.parse(await readFile(path.join(folder, "upload.json"), "utf8")),
            );
            expired = upload.expiresAtMs <= nowMs;
          } catch {
            // Unreadable: judge by age alone.
            const stats = await stat(folder).catch(() => undefined);
            expired = stats !== undefined && stats.mtimeMs + presignedURLValidityMs <= nowMs;
          }
        if (expired) {
          await rm(folder, { recursive: true, force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
};
