// A face, round: its crop (a square JPEG the library's worker cut from the
// photo's thumbnail) inside a circle. A neutral circle stands in while the
// crop loads, and stays for a face whose photo cannot be read.
//
// The crops of every face on the page come through one store per people
// client (`face-crop-store.ts`), which asks for the faces rendered together
// in a few calls and keeps their object URLs.
// See: [Note: Face crops are cached sealed]

import type { FaceRef } from "../../../workers/people/people-contract";
import { faceCropStoreOf } from "./face-crop-store";
import { usePagePeopleClient } from "./people-client-context";
import { useFaceCropURL } from "./use-face-crop";
import "./people.css";

/** The sizes faces are shown at: in lists, on the people page, in a person's header. */
export type FaceCropSizePx = 48 | 120 | 160;

export function FaceCrop({ face, sizePx }: { face: FaceRef; sizePx: FaceCropSizePx }) {
  const client = usePagePeopleClient();
  const url = useFaceCropURL(client === undefined ? undefined : faceCropStoreOf(client), face);
  return (
    <span
      className={`cairn-face-crop cairn-face-crop--${String(sizePx)}`}
      aria-hidden="true"
      data-testid="face-crop"
      data-face-file-id={face.fileID}
    >
      {url !== undefined && (
        <img src={url} alt="" decoding="async" className="cairn-face-crop__image" />
      )}
    </span>
  );
}
