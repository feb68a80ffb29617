import { CairnError } from "../../../shared/model/errors";

/**
 * An image could not be turned into pixels or into a JPEG (spec §8 'file
 * conversion failed'): a HEIC that libheif refuses, a RAW file without a
 * usable embedded preview, a TIFF the browser cannot decode, a damaged file,
 * or a decode that did not finish in time. The upload recognises it by its
 * class (or its catalogue key) and uploads the file with the static
 * thumbnail; the viewer shows the catalogue's message.
 */
export class FileConversionFailedError extends CairnError {
  override name = "FileConversionFailedError";
  /** The detected type of the file that could not be converted. */
  readonly mimeType: string;

  constructor(mimeType: string, options?: ErrorOptions) {
    super("fileConversionFailed", options);
    this.mimeType = mimeType;
  }
}
