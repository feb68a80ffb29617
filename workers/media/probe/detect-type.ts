// The type of a picked file, from its first bytes (spec §5, §9: "read from
// the first 4100 bytes"), in the media worker: only those bytes are read,
// whatever the size of the file.

// file-type's package entry resolves to its Node build under Node (file
// streams, `node:fs`); `file-type/core` is the environment-free one, the same
// under Node, in a browser worker and in an Electron utility process.
import { fileTypeFromBuffer } from "file-type/core";
import {
  fileKindOf,
  type MediaFileKind,
  type SniffedType,
  UnsupportedFileFormatError,
} from "../../../shared/model/media/file-kinds";

/** Bytes the type is read from (spec §5, §9; file-type's own `reasonableDetectionSizeInBytes`). */
export const typeDetectionBytes = 4100;

/**
 * What an upload does with a file: a media file of a known kind, or an empty
 * file (zero bytes), which the upload skips: it has nothing to show.
 */
export type DetectedFileType = ({ kind: "media" } & MediaFileKind) | { kind: "empty" };

const sniff = async (head: Uint8Array): Promise<SniffedType | undefined> => {
  try {
    const result = await fileTypeFromBuffer(head);
    return result === undefined ? undefined : { mimeType: result.mime, extension: result.ext };
  } catch {
    // A detector that trips over malformed bytes has recognised nothing.
    return undefined;
  }
};

/**
 * The type of `file`, named `fileName` (a `File`'s name or a path), read
 * from its first `typeDetectionBytes` bytes. Throws UnsupportedFileFormatError
 * for a file the upload does not take (spec §5).
 */
export const detectFileType = async (file: Blob, fileName: string): Promise<DetectedFileType> => {
  if (file.size === 0) return { kind: "empty" };
  const head = new Uint8Array(await file.slice(0, typeDetectionBytes).arrayBuffer());
  const kind = fileKindOf({ sniffed: await sniff(head), fileName, head });
  if (kind.kind === "unsupported") throw new UnsupportedFileFormatError(kind.detail);
  return kind;
};
