import type { S3ErrorCode } from "../s3-xml";

/** A request the local store refuses, with the S3 error code to answer. */
export class BlobRequestError extends Error {
  override name = "BlobRequestError";
  readonly code: S3ErrorCode;
  constructor(code: S3ErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
