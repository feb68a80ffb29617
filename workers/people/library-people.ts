// The people of a loaded library, as the sync worker hosts them: this
// device's faces clustered (again when faces changed), the user's cgroups
// pulled from the server (user entities, end-to-end encrypted), the people
// derived from both, and the user's choices written back as cgroups.
// See: [Note: A person is a cgroup of faces]

import type { ClusterableFace } from "../ml/faces/face-clusters";
import type { IndexedFace } from "../ml/indexing/indexed-faces";
import { embeddingFloats } from "../ml/indexing/indexed-faces";
import type { LibraryFaces } from "../ml/indexing/library-ml";
import {
  type CGroup,
  type StoredCGroup,
  assignedFaceIDs,
  cgroupSchema,
  mergedCGroup,
  newCGroup,
  withoutFaces,
} from "./cgroup";
import { type DerivedPerson, derivePeople } from "./derive-people";
import { fileIDOfFaceID } from "../ml/faces/face-id";
import type { FaceCrops } from "./face-crops";
import type { FaceInFile, PeopleAnswer, PeopleCalls, PersonSummary } from "./people-contract";

export type { ClusterableFace } from "../ml/faces/face-clusters";

/** The cgroup user entities, decrypted: what the people read and write. */
export interface CGroupEntities {
  /** Entities changed since `sinceTime` (µs), deleted ones by ID, and the time to ask from next. */
  pull(sinceTime: number): Promise<{
    changed: { id: string; data: unknown }[];
    deleted: string[];
    sinceTime: number;
  }>;
  create(data: CGroup): Promise<string>;
  update(id: string, data: CGroup): Promise<void>;
  remove(id: string): Promise<void>;
}

export interface LibraryPeopleDeps {
  faces: LibraryFaces;
  entities: CGroupEntities;
  /**
   * Each face's cluster: the faces of `previous` keep theirs, new faces
   * join one or start one. See the clustering's notes.
   */
  cluster: (
    faces: ClusterableFace[],
    previous: ReadonlyMap<string, string>,
  ) => Promise<ReadonlyMap<string, string>>;
  /** The faces' crops; without them (no ML worker to cut them) every face shows its neutral circle. */
  faceCrops?: FaceCrops;
  nowMs: () => number;
  logError: (message: string, cause: unknown) => void;
  /** The people changed (faces found, a choice of this device or another's). */
  onChange?: () => void;
}

export interface LibraryPeople extends PeopleCalls {
  /** Clusters and pulls when stale. */
  prepare(): Promise<void>;
  /** The files a person is in, once prepared. */
  filesOf(personID: string): ReadonlySet<number> | undefined;
  /** Named people who are not hidden, for the search bar. */
  suggestable(): { personID: string; name: string; count: number }[];
}

// [Note: The people pull their cgroups now and then]
//
// Another device may name someone at any time, and the server has no push:
// the cgroups are pulled when the people are read and the last pull is
// older than `cgroupPullIntervalMs`, and at once after this device wrote
// one. A pull asks only for what changed since the last (a few hundred
// bytes when nothing did).

/** See: [Note: The people pull their cgroups now and then] */
export const cgroupPullIntervalMs = 10_000;

export class UnknownPersonError extends Error {
  override name = "UnknownPersonError";
}

const summaryOf = (person: DerivedPerson): PersonSummary => ({
  personID: person.personID,
  name: person.name,
  cover: person.cover,
  fileCount: person.fileIDs.size,
  faceCount: person.faces.length,
  hidden: person.hidden,
});

export const createLibraryPeople = (deps: LibraryPeopleDeps): LibraryPeople => {
  const cgroups = new Map<string, CGroup>();
  let sinceTime = 0;
  let lastPullMs = Number.NEGATIVE_INFINITY;
  let cgroupsVersion = 0;
  let clusterOf: ReadonlyMap<string, string> = new Map();
  let clusteredFacesVersion = -1;
  let people: DerivedPerson[] = [];
  /** Grows with every clustering: the people are derived again. */
  let clustering = 0;
  let derivedFrom = { facesVersion: -1, clustering: -1, cgroupsVersion: -1 };
  let preparing: Promise<void> | undefined;

  const pull = async () => {
    const pulled = await deps.entities.pull(sinceTime);
    for (const { id, data } of pulled.changed) {
      const parsed = cgroupSchema.safeParse(data);
      if (parsed.success) cgroups.set(id, parsed.data);
      else deps.logError(`Ignoring a cgroup that is not one (${id})`, parsed.error);
    }
    for (const id of pulled.deleted) cgroups.delete(id);
    if (pulled.changed.length > 0 || pulled.deleted.length > 0) cgroupsVersion += 1;
    sinceTime = pulled.sinceTime;
    lastPullMs = deps.nowMs();
  };

  const cluster = async () => {
    const facesVersion = deps.faces.facesVersion();
    if (facesVersion === clusteredFacesVersion) return;
    const faces: ClusterableFace[] = [];
    // Newest files first (larger IDs are later uploads), as the reference orders them.
    const fileIDs = [...deps.faces.allFaces().keys()].sort((a, b) => b - a);
    for (const fileID of fileIDs) {
      for (const face of deps.faces.facesOf(fileID) ?? []) faces.push(clusterable(face));
    }
    const known = new Set(faces.map(({ faceID }) => faceID));
    const previous = new Map([...clusterOf].filter(([faceID]) => known.has(faceID)));
    clusterOf = stableClusterIDs(await deps.cluster(faces, previous), previous);
    clusteredFacesVersion = facesVersion;
    clustering += 1;
  };

  const derive = () => {
    const facesVersion = deps.faces.facesVersion();
    // Faces found during a clustering are derived now and clustered at the next read.
    if (
      derivedFrom.facesVersion === facesVersion &&
      derivedFrom.clustering === clustering &&
      derivedFrom.cgroupsVersion === cgroupsVersion
    ) {
      return;
    }
    people = derivePeople({
      faces: deps.faces.allFaces(),
      clusterOf,
      cgroups: [...cgroups].map(([id, data]): StoredCGroup => ({ id, data })),
    });
    derivedFrom = { facesVersion, clustering, cgroupsVersion };
    deps.onChange?.();
  };

  const prepareOnce = async () => {
    if (deps.nowMs() - lastPullMs >= cgroupPullIntervalMs) {
      try {
        await pull();
      } catch (error) {
        // The people show from the faces alone; the next read tries again.
        deps.logError("Could not read the people's names", error);
      }
    }
    try {
      // Faces that came during a clustering (the stored ones loading, a
      // batch found) are clustered before the people are read.
      for (
        let round = 0;
        round < 3 && clusteredFacesVersion !== deps.faces.facesVersion();
        round++
      ) {
        await cluster();
      }
    } catch (error) {
      // The people stay as they were clustered last; the next read tries again.
      deps.logError("Could not cluster the faces", error);
    }
    derive();
  };

  const prepare = (): Promise<void> => {
    preparing ??= prepareOnce().finally(() => {
      preparing = undefined;
    });
    return preparing;
  };

  const personOf = async (personID: string): Promise<DerivedPerson> => {
    await prepare();
    const person = people.find((candidate) => candidate.personID === personID);
    if (person === undefined) throw new UnknownPersonError(`No person ${personID}`);
    return person;
  };

  /** After a write: the next read pulls it back (with any other device's changes). */
  const wrote = async () => {
    lastPullMs = Number.NEGATIVE_INFINITY;
    await prepare();
  };

  /** The person's cgroup, made from its cluster when nobody touched it yet. */
  const ensureCGroup = async (
    person: DerivedPerson,
    name = "",
  ): Promise<{ id: string; data: CGroup }> => {
    if (person.cgroupID !== undefined) {
      const data = cgroups.get(person.cgroupID);
      if (data !== undefined) return { id: person.cgroupID, data };
    }
    const data = newCGroup(
      person.clusterID ?? person.personID,
      person.faces.map(({ faceID }) => faceID),
      name,
    );
    const id = await deps.entities.create(data);
    cgroups.set(id, data);
    cgroupsVersion += 1;
    return { id, data };
  };

  const save = async (id: string, data: CGroup) => {
    await deps.entities.update(id, data);
    cgroups.set(id, data);
    cgroupsVersion += 1;
  };

  return {
    prepare,
    filesOf: (personID) => people.find((person) => person.personID === personID)?.fileIDs,
    suggestable: () =>
      people.flatMap((person) =>
        person.name === undefined || person.hidden
          ? []
          : [{ personID: person.personID, name: person.name, count: person.fileIDs.size }],
      ),

    async people(): Promise<PeopleAnswer> {
      await prepare();
      return { status: deps.faces.faceStatus(), people: people.map(summaryOf) };
    },

    async person(personID) {
      await prepare();
      const person = people.find((candidate) => candidate.personID === personID);
      return person === undefined ? undefined : summaryOf(person);
    },

    async personFaces(personID) {
      await prepare();
      return people.find((candidate) => candidate.personID === personID)?.faces ?? [];
    },

    faceCrops: (faces) =>
      deps.faceCrops?.faceCrops(faces) ?? Promise.resolve(faces.map(() => undefined)),

    async facesInFile(fileID): Promise<FaceInFile[]> {
      await prepare();
      const faces = deps.faces.facesOf(fileID) ?? [];
      const ownerOf = new Map<string, DerivedPerson>();
      for (const person of people) {
        for (const face of person.faces)
          if (face.fileID === fileID) ownerOf.set(face.faceID, person);
      }
      return [...faces]
        .sort((a, b) => a.box.x - b.box.x)
        .map(({ faceID, box }) => {
          const owner = ownerOf.get(faceID);
          return { fileID, faceID, box, personID: owner?.personID, name: owner?.name };
        });
    },

    async namePerson(personID, name) {
      const trimmed = name.trim();
      const person = await personOf(personID);
      if (person.cgroupID === undefined) {
        const { id } = await ensureCGroup(person, trimmed);
        await wrote();
        return id;
      }
      const { id, data } = await ensureCGroup(person);
      await save(id, { ...data, name: trimmed });
      await wrote();
      return id;
    },

    async mergePeople(intoID, mergedID) {
      if (intoID === mergedID) return;
      const [into, merged] = [await personOf(intoID), await personOf(mergedID)];
      const target = await ensureCGroup(into);
      const mergedFaceIDs = [
        ...new Set([
          ...merged.faces.map(({ faceID }) => faceID),
          ...(merged.cgroupID === undefined
            ? []
            : assignedFaceIDs(cgroups.get(merged.cgroupID) ?? { assigned: [] })),
        ]),
      ];
      await save(
        target.id,
        mergedCGroup(target.data, merged.clusterID ?? merged.personID, mergedFaceIDs),
      );
      if (merged.cgroupID !== undefined) {
        await deps.entities.remove(merged.cgroupID);
        cgroups.delete(merged.cgroupID);
        cgroupsVersion += 1;
      }
      await wrote();
    },

    async removeFacesFromPerson(personID, faceIDs) {
      if (faceIDs.length === 0) return;
      const { id, data } = await ensureCGroup(await personOf(personID));
      await save(id, withoutFaces(data, faceIDs));
      await wrote();
    },

    async setPersonHidden(personID, hidden) {
      const { id, data } = await ensureCGroup(await personOf(personID));
      await save(id, { ...data, isHidden: hidden });
      await wrote();
    },

    async setFaceIndexing(enabled) {
      await deps.faces.setFaceIndexing(enabled);
      // The crops go with the faces. See: [Note: Face crops are cached sealed]
      if (!enabled) await deps.faceCrops?.drop();
    },
  };
};

// [Note: A cluster is named after its oldest face]
//
// An unnamed person's page is the address of its cluster, which must
// survive a reload, when the faces are clustered again from scratch. A new
// cluster is named after its face of the oldest file (the smallest file ID,
// then face ID): new photos join clusters without renaming them, and the
// same faces clustered again give the same names.

/** The assignment with each new cluster named after its oldest face. See: [Note: A cluster is named after its oldest face] */
export const stableClusterIDs = (
  assignment: ReadonlyMap<string, string>,
  previous: ReadonlyMap<string, string>,
): Map<string, string> => {
  const kept = new Set(previous.values());
  const oldest = new Map<string, { fileID: number; faceID: string }>();
  for (const [faceID, clusterID] of assignment) {
    if (kept.has(clusterID)) continue;
    const fileID = fileIDOfFaceID(faceID) ?? Number.MAX_SAFE_INTEGER;
    const known = oldest.get(clusterID);
    if (
      known === undefined ||
      fileID < known.fileID ||
      (fileID === known.fileID && faceID < known.faceID)
    ) {
      oldest.set(clusterID, { fileID, faceID });
    }
  }
  return new Map(
    [...assignment].map(([faceID, clusterID]) => [
      faceID,
      oldest.get(clusterID)?.faceID ?? clusterID,
    ]),
  );
};

const clusterable = (face: IndexedFace): ClusterableFace => ({
  faceID: face.faceID,
  embedding: embeddingFloats(face.embedding),
  score: face.score,
  blur: face.blur,
});
