import type { fileEndpoints } from "../../../../shared/api/endpoints/files";
import type { HandlerMap } from "../../http/register-endpoints";
import type { LibraryContext } from "../context";
import { trashFiles } from "../trash/trash-files";
import { copyFilesHandler } from "./copy-files";
import { createFileHandler } from "./create-file";
import { previewFilesHandler } from "./batched-previews";
import { downloadFileHandler, previewFileHandler } from "./downloads";
import { getDuplicateFilesHandler, getFilesInfoHandler, getFilesSizeHandler } from "./file-queries";
import {
  updateFileMagicMetadataHandler,
  updateFilePublicMagicMetadataHandler,
} from "./file-magic-metadata";
import { updateFileHandler } from "./update-file";
import { createUploadURLHandlers } from "./upload-url-handlers";

/** The file endpoints of wire-contract §5. */
export const createFileHandlers = (context: LibraryContext): HandlerMap<typeof fileEndpoints> => ({
  ...createUploadURLHandlers(context),
  createFile: createFileHandler(context),
  updateFile: updateFileHandler(context),
  updateFileMagicMetadata: updateFileMagicMetadataHandler(context),
  updateFilePublicMagicMetadata: updateFilePublicMagicMetadataHandler(context),
  copyFiles: copyFilesHandler(context),
  trashFiles: async ({ session, body }) => {
    await trashFiles(context, session.userID, body.items);
  },
  getFilesSize: getFilesSizeHandler(context),
  getFilesInfo: getFilesInfoHandler(context),
  getDuplicateFiles: getDuplicateFilesHandler(context),
  downloadFile: downloadFileHandler(context),
  previewFile: previewFileHandler(context),
  previewFiles: previewFilesHandler(context),
});
