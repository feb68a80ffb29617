import type { BodyOf } from "../../../../shared/api/endpoint";
import type { fileEndpoints } from "../../../../shared/api/endpoints/files";
import { badRequest } from "../../http/api-errors";
import { microsecondsPerDay } from "../../time";
import { presignedURLValidityMs } from "../../blobs/blob-store";
import type { HandlerMap } from "../../http/register-endpoints";
import type { LibraryContext } from "../context";
import { ensureUploadFits } from "../quota";
import { recordTempObjects } from "./object-repository";
import { md5B64Of, multipartPlanProblem, newObjectKey } from "./upload-rules";

// Upload URLs (wire-contract §5.1): object keys in the caller's folder,
// presigned PUT URLs, and the quota checked before any is minted.
//
// [Note: Every minted object key is recorded until it is registered]
//
// A client may upload to a URL and never register the object (a closed tab,
// a failed `POST /files`). Every key minted here is recorded in
// `temp_objects` with an expiry 14 days ahead, twice the URLs' validity, so
// that no upload can land after its record expired. `POST /files` and
// `PUT /files/update` remove the record of the keys they register, as
// `PUT /files/video-data` does for a preview's (preview-handlers.ts); a job
// deletes the objects of the records that expire (library-jobs.ts).

/** How long an unregistered upload is kept: twice the 7 days its URL is valid (wire-contract §5.1). */
export const tempObjectLifetimeUs = 14 * microsecondsPerDay;

/**
 * Record minted keys until they are registered or expire.
 * See: [Note: Every minted object key is recorded until it is registered]
 */
export const recordMintedObjectKeys = async (
  context: Pick<LibraryContext, "db" | "nowUs">,
  userID: number,
  keys: readonly string[],
  isMultipart: boolean,
): Promise<void> => {
  if (keys.length === 0) return;
  const expiresAtUs = context.nowUs() + tempObjectLifetimeUs;
  await recordTempObjects(
    context.db,
    keys.map((objectKey) => ({ objectKey, userID, isMultipart, expiresAtUs })),
  );
};

type UploadURLHandlers = Pick<
  HandlerMap<typeof fileEndpoints>,
  | "getUploadURLs"
  | "getUploadURL"
  | "getMultipartUploadURLs"
  | "getMultipartUploadURL"
  | "getUploadEligibility"
>;

type Body<K extends keyof typeof fileEndpoints> = BodyOf<(typeof fileEndpoints)[K]>;

/**
 * Upload URLs in the folder of `userID`, whose quota they count against:
 * the caller's own, or a collecting public link's owner's.
 * See: [Note: Every minted object key is recorded until it is registered]
 */
export interface UploadURLMinter {
  urls(userID: number, count: number): Promise<{ urls: { objectKey: string; url: string }[] }>;
  url(userID: number, body: Body<"getUploadURL">): Promise<{ objectKey: string; url: string }>;
  multipartURLs(
    userID: number,
    count: number,
  ): Promise<{ urls: { objectKey: string; partURLs: string[]; completeURL: string } }>;
  multipartURL(
    userID: number,
    body: Body<"getMultipartUploadURL">,
  ): Promise<{ objectKey: string; partURLs: string[]; completeURL: string }>;
}

export const createUploadURLMinter = (context: LibraryContext): UploadURLMinter => {
  const { db, blobStore } = context;

  const recordKeys = (userID: number, keys: readonly string[], isMultipart: boolean) =>
    recordMintedObjectKeys(context, userID, keys, isMultipart);

  const multipartURLs = async (
    userID: number,
    partCount: number,
    partMD5sB64: readonly string[] | undefined,
  ) => {
    const objectKey = newObjectKey(userID);
    await recordKeys(userID, [objectKey], true);
    const { partURLs, completeURL } = await blobStore.presignMultipartUpload(objectKey, {
      validForMs: presignedURLValidityMs,
      partCount,
      partMD5sB64,
    });
    return { objectKey, partURLs, completeURL };
  };

  return {
    urls: async (userID, count) => {
      await ensureUploadFits(db, userID, context.nowUs());
      const keys = Array.from({ length: count }, () => newObjectKey(userID));
      await recordKeys(userID, keys, false);
      const urls = await Promise.all(
        keys.map(async (objectKey) => ({
          objectKey,
          url: await blobStore.presignPut(objectKey, { validForMs: presignedURLValidityMs }),
        })),
      );
      return { urls };
    },

    url: async (userID, body) => {
      await ensureUploadFits(db, userID, context.nowUs(), body.contentLength);
      const objectKey = newObjectKey(userID);
      await recordKeys(userID, [objectKey], false);
      const url = await blobStore.presignPut(objectKey, {
        validForMs: presignedURLValidityMs,
        contentLengthBytes: body.contentLength,
        contentMD5B64: md5B64Of(body.contentMD5),
      });
      return { objectKey, url };
    },

    multipartURLs: async (userID, count) => {
      await ensureUploadFits(db, userID, context.nowUs());
      return { urls: await multipartURLs(userID, count, undefined) };
    },

    multipartURL: async (userID, body) => {
      const problem = multipartPlanProblem({
        contentLengthBytes: body.contentLength,
        partLengthBytes: body.partLength,
        partCount: body.partMd5s.length,
      });
      if (problem !== undefined) throw badRequest(problem);
      await ensureUploadFits(db, userID, context.nowUs(), body.contentLength);
      return multipartURLs(userID, body.partMd5s.length, body.partMd5s.map(md5B64Of));
    },
  };
};

export const createUploadURLHandlers = (context: LibraryContext): UploadURLHandlers => {
  const minter = createUploadURLMinter(context);
  return {
    getUploadURLs: ({ session, query }) => minter.urls(session.userID, query.count),
    getUploadURL: ({ session, body }) => minter.url(session.userID, body),
    getMultipartUploadURLs: ({ session, query }) =>
      minter.multipartURLs(session.userID, query.count),
    getMultipartUploadURL: ({ session, body }) => minter.multipartURL(session.userID, body),
    getUploadEligibility: async ({ session }) => {
      await ensureUploadFits(context.db, session.userID, context.nowUs());
    },
  };
};
