import { describe, expect, it } from "vitest";
import type { IndexedFace } from "../ml/indexing/indexed-faces";
import { quantizedEmbedding } from "../ml/indexing/indexed-faces";
import type { LibraryFaces } from "../ml/indexing/library-ml";
import type { CGroup } from "./cgroup";
import type { FaceCrops } from "./face-crops";
import { clusterPersonID } from "./derive-people";
import {
  type CGroupEntities,
  type ClusterableFace,
  createLibraryPeople,
  stableClusterIDs,
} from "./library-people";

/** A face of person `who` (0: Ada, 1: Bob) in file `fileID`. */
const face = (fileID: number, who: number, x = 0.1): IndexedFace => ({
  faceID: `${String(fileID)}_${String(who)}`,
  box: { x, y: 0.1, width: 0.2, height: 0.2 },
  score: 0.9,
  blur: 100,
  embedding: quantizedEmbedding(Float32Array.from([who === 0 ? 1 : 0, who === 1 ? 1 : 0])),
});

/** Ada in files 1–4, Bob in 3–6 (files 3 and 4 show both). */
const libraryFaces = (): LibraryFaces & { faces: Map<number, IndexedFace[]>; bump(): void } => {
  const faces = new Map<number, IndexedFace[]>([
    [1, [face(1, 0)]],
    [2, [face(2, 0)]],
    [3, [face(3, 1, 0.6), face(3, 0, 0.1)]],
    [4, [face(4, 0), face(4, 1, 0.5)]],
    [5, [face(5, 1)]],
    [6, [face(6, 1)]],
  ]);
  let version = 1;
  let enabled = true;
  return {
    faces,
    bump: () => {
      version += 1;
    },
    faceIndexingEnabled: () => enabled,
    setFaceIndexing: (next) => {
      enabled = next;
      return Promise.resolve();
    },
    faceStatus: () => ({ enabled, phase: "done", indexedFiles: 6, totalFiles: 6 }),
    allFaces: () => faces,
    facesOf: (fileID) => faces.get(fileID),
    facesVersion: () => version,
  };
};

/** The server's cgroups of one account, as two devices see them (a stand-in for /user-entity). */
const server = () => {
  const stored = new Map<string, { data: CGroup; updatedAt: number; deleted: boolean }>();
  let clock = 0;
  let nextID = 1;
  const entities: CGroupEntities = {
    pull: (sinceTime) => {
      const changed = [...stored].filter(([, entity]) => entity.updatedAt > sinceTime);
      return Promise.resolve({
        changed: changed
          .filter(([, entity]) => !entity.deleted)
          .map(([id, entity]) => ({ id, data: structuredClone(entity.data) })),
        deleted: changed.filter(([, entity]) => entity.deleted).map(([id]) => id),
        sinceTime: clock,
      });
    },
    create: (data) => {
      const id = `cgroup_${String(nextID++)}`;
      stored.set(id, { data: structuredClone(data), updatedAt: ++clock, deleted: false });
      return Promise.resolve(id);
    },
    update: (id, data) => {
      stored.set(id, { data: structuredClone(data), updatedAt: ++clock, deleted: false });
      return Promise.resolve();
    },
    remove: (id) => {
      const entity = stored.get(id);
      if (entity !== undefined) stored.set(id, { ...entity, updatedAt: ++clock, deleted: true });
      return Promise.resolve();
    },
  };
  return { entities, stored };
};

/** A stand-in clustering: a face joins the cluster of the person its descriptor points at. */
const byDescriptor = (faces: readonly ClusterableFace[]) =>
  Promise.resolve(
    new Map(
      faces.map(({ faceID, embedding }) => [faceID, (embedding[0] ?? 0) > 0.5 ? "ada" : "bob"]),
    ),
  );

const device = (entities: CGroupEntities, faces = libraryFaces()) => {
  let nowMs = 0;
  const people = createLibraryPeople({
    faces,
    entities,
    cluster: byDescriptor,
    nowMs: () => nowMs,
    logError: (message, cause) => {
      throw new Error(message, { cause });
    },
  });
  return {
    people,
    faces,
    later: () => {
      nowMs += 60_000;
    },
  };
};

/** The clusters as named after their oldest faces. See: [Note: A cluster is named after its oldest face] */
const adaCluster = "1_0";
const bobCluster = "3_1";

describe("the library's people", () => {
  it("lists the clusters as unnamed people, with the faces of a photo left to right", async () => {
    const { entities } = server();
    const { people } = device(entities);
    const answer = await people.people();
    expect(answer.people.map(({ personID, fileCount }) => [personID, fileCount])).toEqual([
      [clusterPersonID(adaCluster), 4],
      [clusterPersonID(bobCluster), 4],
    ]);
    const inFile = await people.facesInFile(3);
    expect(inFile.map(({ faceID, personID }) => [faceID, personID])).toEqual([
      ["3_0", clusterPersonID(adaCluster)],
      ["3_1", clusterPersonID(bobCluster)],
    ]);
  });

  it("a name given on one device reaches the other, and finds the person's files", async () => {
    const { entities } = server();
    const first = device(entities);
    const second = device(entities);
    const adaID = await first.people.namePerson(clusterPersonID(adaCluster), "  Ada ");
    second.later();
    const seen = await second.people.people();
    expect(seen.people[0]).toMatchObject({ personID: adaID, name: "Ada", fileCount: 4 });
    expect(second.people.filesOf(adaID)).toEqual(new Set([1, 2, 3, 4]));
    expect(second.people.suggestable()).toEqual([{ personID: adaID, name: "Ada", count: 4 }]);
  });

  it("merges two people, removes a face, and hides a person", async () => {
    const { entities, stored } = server();
    const { people } = device(entities);
    const bobID = await people.namePerson(clusterPersonID(bobCluster), "Bob");
    await people.mergePeople(bobID, clusterPersonID(adaCluster));
    let listed = (await people.people()).people;
    expect(listed.map(({ name, fileCount }) => [name, fileCount])).toEqual([["Bob", 6]]);

    await people.removeFacesFromPerson(bobID, ["1_0"]);
    listed = (await people.people()).people;
    expect(listed[0]?.fileCount).toBe(5);
    expect(stored.get(bobID)?.data.rejectedFaceIDs).toEqual(["1_0"]);

    await people.setPersonHidden(bobID, true);
    expect((await people.people()).people[0]?.hidden).toBe(true);
    expect(people.suggestable()).toEqual([]);
  });

  it("a person whose faces are all removed is gone", async () => {
    const { entities } = server();
    const { people } = device(entities);
    const adaID = await people.namePerson(clusterPersonID(adaCluster), "Ada");
    await people.removeFacesFromPerson(adaID, ["1_0", "2_0", "3_0", "4_0"]);
    expect(await people.person(adaID)).toBeUndefined();
  });

  it("clusters again the faces that came during a clustering before answering", async () => {
    const { entities } = server();
    const faces = libraryFaces();
    const stored = new Map(faces.faces);
    // The stored faces load while the first (empty) clustering runs.
    faces.faces.clear();
    let clusterings = 0;
    const people = createLibraryPeople({
      faces,
      entities,
      cluster: (found) => {
        clusterings += 1;
        if (clusterings === 1) {
          for (const [fileID, fileFaces] of stored) faces.faces.set(fileID, fileFaces);
          faces.bump();
        }
        return byDescriptor(found);
      },
      nowMs: () => 0,
      logError: () => undefined,
    });
    expect((await people.people()).people.map(({ fileCount }) => fileCount)).toEqual([4, 4]);
    expect(clusterings).toBe(2);
  });

  it("clusters again only when the faces changed", async () => {
    const { entities } = server();
    let clusterings = 0;
    const faces = libraryFaces();
    const people = createLibraryPeople({
      faces,
      entities,
      cluster: (found) => {
        clusterings += 1;
        return byDescriptor(found);
      },
      nowMs: () => 0,
      logError: () => undefined,
    });
    await people.people();
    await people.people();
    expect(clusterings).toBe(1);
    faces.faces.set(7, [face(7, 0)]);
    faces.bump();
    expect((await people.people()).people[0]?.fileCount).toBe(5);
    expect(clusterings).toBe(2);
  });
});

describe("stableClusterIDs", () => {
  it("names a new cluster after its oldest face and keeps earlier names", () => {
    const named = stableClusterIDs(
      new Map([
        ["7_1", "new1"],
        ["5_2", "new1"],
        ["5_1", "new1"],
        ["9_0", "kept"],
        ["3_0", "kept"],
      ]),
      new Map([["9_0", "kept"]]),
    );
    expect([...named]).toEqual([
      ["7_1", "5_1"],
      ["5_2", "5_1"],
      ["5_1", "5_1"],
      ["9_0", "kept"],
      ["3_0", "kept"],
    ]);
  });
});

describe("the faces' crops of the library's people", () => {
  it("are dropped when face indexing is turned off, and kept when turned on", async () => {
    const drops: string[] = [];
    const faceCrops: FaceCrops = {
      faceCrops: (faces) => Promise.resolve(faces.map(() => new Uint8Array([1]))),
      drop: () => {
        drops.push("dropped");
        return Promise.resolve();
      },
    };
    const faces = libraryFaces();
    const people = createLibraryPeople({
      faces,
      entities: server().entities,
      cluster: byDescriptor,
      faceCrops,
      nowMs: () => 0,
      logError: () => undefined,
    });
    await people.setFaceIndexing(true);
    expect(drops).toEqual([]);
    await people.setFaceIndexing(false);
    expect(drops).toEqual(["dropped"]);
    expect(faces.faceIndexingEnabled()).toBe(false);
  });
});
