import { randomUUID } from "node:crypto";
import { libraryLimits } from "../../../../shared/api/endpoints/library-schemas";

// Pure rules of the upload calls (wire-contract §5.1, §5.2, §10).

/** A new object key: `<userID>/<uuid v4>`. */
export const newObjectKey = (userID: number): string => `${String(userID)}/${randomUUID()}`;

/**
 * Whether an object key could have been minted for this user's file: it
 * lies directly in the user's folder. A preview's key lies deeper (under
 * `<userID>/file-data/`) and is never a file's or a thumbnail's, so that no
 * object is registered twice.
 */
export const isOwnObjectKey = (userID: number, key: string): boolean => {
  const folder = `${String(userID)}/`;
  return key.startsWith(folder) && key.length > folder.length && !key.includes("/", folder.length);
};

const hexMD5Pattern = /^[0-9a-fA-F]{32}$/;

/** An MD5 as S3's `Content-MD5` wants it (base64), from base64 or hex. */
export const md5B64Of = (md5: string): string =>
  hexMD5Pattern.test(md5) ? Buffer.from(md5, "hex").toString("base64") : md5;

export interface MultipartPlan {
  contentLengthBytes: number;
  partLengthBytes: number;
  partCount: number;
}

/**
 * Why a multipart upload's plan is refused, or undefined when it is fine: a
 * part is at most 5 GiB and at least 5 MiB when there is more than one
 * (S3's rules, which the local store keeps too), and there is one MD5 per
 * part of `partLength` bytes, the last one shorter.
 */
export const multipartPlanProblem = ({
  contentLengthBytes,
  partLengthBytes,
  partCount,
}: MultipartPlan): string | undefined => {
  if (partLengthBytes > libraryLimits.maxPartBytes) {
    return `A part may be at most ${String(libraryLimits.maxPartBytes)} bytes`;
  }
  const expectedParts = Math.ceil(contentLengthBytes / partLengthBytes);
  if (expectedParts > 1 && partLengthBytes < libraryLimits.minPartBytes) {
    return `Parts must be at least ${String(libraryLimits.minPartBytes)} bytes when there are several`;
  }
  if (expectedParts > libraryLimits.multipartParts) {
    return `An upload may have at most ${String(libraryLimits.multipartParts)} parts`;
  }
  if (partCount !== expectedParts) {
    return `${String(contentLengthBytes)} bytes in parts of ${String(partLengthBytes)} need ${String(expectedParts)} part MD5s, not ${String(partCount)}`;
  }
  return undefined;
};
