// What the people pages, the search bar's suggestions, the viewer's info
// panel and the settings ask of the library's worker about faces and people.
// Types only: the library implements them, the pages call them as
// `WorkerCalls<PeopleCalls>`. See: [Note: A worker's API is declared once]

import type { FaceEngineName } from "../ml/faces/face-engines";

/** A box relative to the photo (0..1 of its width and height), top-left origin. */
export interface RelativeBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where a face is: the photo it is in and its box there (to crop it from the thumbnail). */
export interface FaceRef {
  fileID: number;
  faceID: string;
  box: RelativeBox;
}

/**
 * A person: faces the clustering put together, named or not by the user.
 * Named people and the user's choices (merges, removed faces, hidden) are
 * user entities, end-to-end encrypted, so every device shows the same people.
 */
export interface PersonSummary {
  /** Stable: a named person's entity ID, or an unnamed cluster's ID. */
  personID: string;
  /** Undefined until the user names the person. */
  name: string | undefined;
  /** The face shown for the person (its chosen cover, else its best face). */
  cover: FaceRef;
  /** Photos the person is in. */
  fileCount: number;
  faceCount: number;
  hidden: boolean;
}

/** Face indexing on this device (spec §4 "Face indexing phase"). */
export interface FaceIndexingStatus {
  /** Face indexing is on (the account's `faceSearchEnabled` and this device's choice). */
  enabled: boolean;
  /** `scheduled` before a run, `indexing` while faces are found, `done` when every photo has its faces. */
  phase: "scheduled" | "indexing" | "done";
  /** Photos whose faces are known (found here or synced from another device). */
  indexedFiles: number;
  /** Photos that can be face-indexed (images and videos' thumbnails). */
  totalFiles: number;
  /** The engine faces are found with here; undefined before the first run asked. See: [Note: Face engines] */
  engine?: FaceEngineName | undefined;
}

export interface PeopleAnswer {
  status: FaceIndexingStatus;
  /** Visible people, named first (by name), then unnamed by face count; hidden ones last. */
  people: PersonSummary[];
}

/** A face in one photo, with the person it belongs to when any. */
export interface FaceInFile extends FaceRef {
  personID: string | undefined;
  name: string | undefined;
}

export interface PeopleCalls {
  /** The people of the library and the face indexing's status. */
  people(): Promise<PeopleAnswer>;
  /** One person, or undefined when gone (merged away, its faces removed). */
  person(personID: string): Promise<PersonSummary | undefined>;
  /** A person's faces, best first ("Review faces"); none for an unknown person. */
  personFaces(personID: string): Promise<FaceRef[]>;
  /**
   * Each face's crop, in order: a square JPEG (sealed in the `face-crops`
   * cache between calls); undefined for a face whose photo cannot be read.
   * See: [Note: Face crops are cached sealed]
   */
  faceCrops(faces: FaceRef[]): Promise<(Uint8Array | undefined)[]>;
  /** The faces in a photo, left to right (the viewer's info panel). */
  facesInFile(fileID: number): Promise<FaceInFile[]>;
  /** Names (or renames) a person; an unnamed cluster becomes a named person. Returns its ID. */
  namePerson(personID: string, name: string): Promise<string>;
  /** Merges `mergedID` into `intoID` (the name of `intoID` is kept). */
  mergePeople(intoID: string, mergedID: string): Promise<void>;
  /** Removes faces wrongly placed in a person: they are never put back in it. */
  removeFacesFromPerson(personID: string, faceIDs: readonly string[]): Promise<void>;
  /** Hides a person from People and the suggestions (or shows it again). */
  setPersonHidden(personID: string, hidden: boolean): Promise<void>;
  /** Turns face indexing on this device on or off; off removes the local face data. */
  setFaceIndexing(enabled: boolean): Promise<void>;
}
