// The people pages' calls into the library's worker (the people page, a
// person's header, the viewer's faces, the face indexing switch), each
// waiting for the stored library to be open.
// See: [Note: Gallery calls wait for the stored library]
// See: [Note: A worker's API is declared once]

import type { PeopleCalls } from "../../../workers/people/people-contract";
import type { WorkerCalls } from "../../../workers/worker-boundary";

export type PeopleClient = WorkerCalls<PeopleCalls>;

export const peopleClientOverWorker = (
  api: PeopleClient,
  opened: Promise<unknown>,
): PeopleClient => ({
  people: async () => {
    await opened;
    return api.people();
  },
  person: async (personID) => {
    await opened;
    return api.person(personID);
  },
  personFaces: async (personID) => {
    await opened;
    return api.personFaces(personID);
  },
  faceCrops: async (faces) => {
    await opened;
    return api.faceCrops(faces);
  },
  facesInFile: async (fileID) => {
    await opened;
    return api.facesInFile(fileID);
  },
  namePerson: async (personID, name) => {
    await opened;
    return api.namePerson(personID, name);
  },
  mergePeople: async (intoID, mergedID) => {
    await opened;
    return api.mergePeople(intoID, mergedID);
  },
  removeFacesFromPerson: async (personID, faceIDs) => {
    await opened;
    return api.removeFacesFromPerson(personID, faceIDs);
  },
  setPersonHidden: async (personID, hidden) => {
    await opened;
    return api.setPersonHidden(personID, hidden);
  },
  setFaceIndexing: async (enabled) => {
    await opened;
    return api.setFaceIndexing(enabled);
  },
});
