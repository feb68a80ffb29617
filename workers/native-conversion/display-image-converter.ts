// The viewer's JPEG of an image the browser cannot show, in the desktop
// app: the native conversion first, the media worker's (the web path) when
// native cannot. See: [Note: A conversion reported not-available is not asked again]

import type { NativeConversions } from "./native-conversion-contract";
import { type UnavailableConversions, preferNative } from "./conversion-preference";
import { imageSourceKindOf } from "./image-source-kinds";

export type DisplayImage = (image: Blob, fileName: string) => Promise<Blob>;

export const displayImagePreferringNative = ({
  native,
  web,
  remembered,
}: {
  native: Pick<NativeConversions, "toJPEG">;
  web: DisplayImage;
  remembered: UnavailableConversions;
}): DisplayImage => {
  const convert = preferNative({
    conversion: "jpeg",
    native: (bytes, fileName) => native.toJPEG(bytes, fileName),
    web: async (bytes, fileName) =>
      new Uint8Array(
        await (await web(new Blob([bytes as Uint8Array<ArrayBuffer>]), fileName)).arrayBuffer(),
      ),
    remembered,
    // A HEIC named .jpg is remembered as HEIC, not as every JPEG.
    fileKindOf: (bytes, fileName) => imageSourceKindOf(bytes, fileName).label,
  });
  return async (image, fileName) =>
    new Blob(
      [
        (await convert(
          new Uint8Array(await image.arrayBuffer()),
          fileName,
        )) as Uint8Array<ArrayBuffer>,
      ],
      {
        type: "image/jpeg",
      },
    );
};
