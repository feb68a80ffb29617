// The people's calls over the sync worker's library: each waits for the
// library and for on-device ML's code (the people live there); a worker
// without ML answers that face indexing is off and there is nobody.

import type { FaceIndexingStatus, PeopleCalls } from "../people/people-contract";
import type { LibraryPeople } from "../people/library-people";
import type { OpenLibrary } from "./sync-service-contract";

const faceIndexingOff: FaceIndexingStatus = {
  enabled: false,
  phase: "done",
  indexedFiles: 0,
  totalFiles: 0,
};

/** Thrown by a people action in a worker without on-device ML. */
export class NoPeopleError extends Error {
  override name = "NoPeopleError";
}

export const peopleCallsOf = (library: OpenLibrary): PeopleCalls => {
  const peopleOrNone = async (): Promise<LibraryPeople | undefined> => {
    await library.loaded();
    return library.people();
  };
  const people = async (): Promise<LibraryPeople> => {
    const found = await peopleOrNone();
    if (found === undefined) throw new NoPeopleError("This library has no on-device ML");
    return found;
  };
  return {
    people: async () => (await peopleOrNone())?.people() ?? { status: faceIndexingOff, people: [] },
    person: async (personID) => (await peopleOrNone())?.person(personID),
    personFaces: async (personID) => (await peopleOrNone())?.personFaces(personID) ?? [],
    faceCrops: async (faces) =>
      (await peopleOrNone())?.faceCrops(faces) ?? faces.map(() => undefined),
    facesInFile: async (fileID) => (await peopleOrNone())?.facesInFile(fileID) ?? [],
    namePerson: async (personID, name) => (await people()).namePerson(personID, name),
    mergePeople: async (intoID, mergedID) => (await people()).mergePeople(intoID, mergedID),
    removeFacesFromPerson: async (personID, faceIDs) =>
      (await people()).removeFacesFromPerson(personID, faceIDs),
    setPersonHidden: async (personID, hidden) => (await people()).setPersonHidden(personID, hidden),
    setFaceIndexing: async (enabled) => (await people()).setFaceIndexing(enabled),
  };
};
