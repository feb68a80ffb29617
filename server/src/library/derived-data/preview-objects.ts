import { randomInt } from "node:crypto";
import { videoPreviewObjectIDPattern } from "../../../../shared/api/endpoints/file-previews";

// Where a file's preview object lives (wire-contract §8): its key, as Ente's
// server spells it, `<ownerID>/file-data/<fileID>/<type>/<objectID>`, in
// the owner's folder (so the owner's account deletion takes it along), and
// the object ID the server mints for it.

const objectIDAlphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** 22 characters of 62: about 131 random bits, as Ente's server's IDs. */
const objectIDLength = 22;

/** A new video preview object ID: "pv_" and 22 random letters and digits. */
export const newVideoPreviewObjectID = (): string => {
  let id = "pv_";
  for (let i = 0; i < objectIDLength; i += 1) id += objectIDAlphabet[randomInt(62)] ?? "";
  return id;
};

export interface PreviewObject {
  ownerID: number;
  fileID: number;
  /** The preview's type: "vid_preview". */
  type: string;
  objectID: string;
}

/** The blob store key of a preview object. */
export const previewObjectKey = ({ ownerID, fileID, type, objectID }: PreviewObject): string =>
  `${String(ownerID)}/file-data/${String(fileID)}/${type}/${objectID}`;

const idPattern = /^[1-9]\d{0,15}$/;

/** The preview a key names, or undefined for any other key (a file's, a thumbnail's). */
export const previewObjectOfKey = (key: string): PreviewObject | undefined => {
  const [owner, folder, file, type, objectID, ...rest] = key.split("/");
  if (
    rest.length > 0 ||
    folder !== "file-data" ||
    owner === undefined ||
    !idPattern.test(owner) ||
    file === undefined ||
    !idPattern.test(file) ||
    type !== "vid_preview" ||
    objectID === undefined ||
    !videoPreviewObjectIDPattern.test(objectID)
  ) {
    return undefined;
  }
  return { ownerID: Number(owner), fileID: Number(file), type, objectID };
};
