// Test support for the people views: a `PeopleClient` double whose every
// call is a vitest mock, and people and statuses with defaults.

import { vi } from "vitest";
import type {
  FaceIndexingStatus,
  FaceRef,
  PeopleAnswer,
  PersonSummary,
} from "../../../../workers/people/people-contract";
import type { PeopleClient } from "../../../common/library/people-client";

export const statusOf = (fields: Partial<FaceIndexingStatus> = {}): FaceIndexingStatus => ({
  enabled: true,
  phase: "done",
  indexedFiles: 10,
  totalFiles: 10,
  ...fields,
});

/** A visible, unnamed person with a face in file 1. */
export const personOf = (
  fields: Partial<PersonSummary> & Pick<PersonSummary, "personID">,
): PersonSummary => ({
  name: undefined,
  cover: {
    fileID: 1,
    faceID: `${fields.personID}-face`,
    box: { x: 0.4, y: 0.4, width: 0.2, height: 0.2 },
  },
  fileCount: 1,
  faceCount: 1,
  hidden: false,
  ...fields,
});

/** A client over `answer` whose changes succeed (tests override what they exercise). */
export const fakePeopleClient = (
  answer: PeopleAnswer = { status: statusOf(), people: [] },
  overrides: Partial<PeopleClient> = {},
) => {
  const client = {
    people: vi.fn(() => Promise.resolve(answer)),
    person: vi.fn((personID: string) =>
      Promise.resolve(answer.people.find((person) => person.personID === personID)),
    ),
    personFaces: vi.fn(() => Promise.resolve([])),
    faceCrops: vi.fn((faces: FaceRef[]) => Promise.resolve(faces.map(() => undefined))),
    facesInFile: vi.fn(() => Promise.resolve([])),
    namePerson: vi.fn((personID: string) => Promise.resolve(personID)),
    mergePeople: vi.fn(() => Promise.resolve()),
    removeFacesFromPerson: vi.fn(() => Promise.resolve()),
    setPersonHidden: vi.fn(() => Promise.resolve()),
    setFaceIndexing: vi.fn(() => Promise.resolve()),
    ...overrides,
  } satisfies PeopleClient;
  return client;
};
