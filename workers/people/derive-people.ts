// The people of a library, from its faces, this device's clusters of them and
// the user's cgroups. Pure. See: [Note: A person is a cgroup of faces]

import type { IndexedFace } from "../ml/indexing/indexed-faces";
import { type StoredCGroup, assignedFaceIDs } from "./cgroup";
import type { FaceRef } from "./people-contract";

/** A person and every face that is theirs. */
export interface DerivedPerson {
  personID: string;
  /** The cgroup's entity ID; undefined for a cluster nobody touched. */
  cgroupID: string | undefined;
  /** The cluster's ID, for a cluster nobody touched. */
  clusterID: string | undefined;
  name: string | undefined;
  hidden: boolean;
  /** The person's faces, best first. */
  faces: FaceRef[];
  fileIDs: ReadonlySet<number>;
  cover: FaceRef;
}

// [Note: Unnamed people need a few faces]
//
// The reference lists a cluster nobody named only from 10 faces, so that a
// library of 100,000 photos does not list every stranger in a crowd. A
// family's first upload of a dozen photos would then show nobody, and the
// user could name no one. Three faces (the same person in three photos) is
// where a cluster stops being a chance likeness of two faces; named people
// are listed from one face.

/** The fewest faces an unnamed cluster needs to be listed. See: [Note: Unnamed people need a few faces] */
export const minFacesOfUnnamedPerson = 3;

/** The person ID of a cluster nobody touched. */
export const clusterPersonID = (clusterID: string): string => `cluster-${clusterID}`;

export interface PeopleInputs {
  /** Each face-indexed file's faces. */
  faces: ReadonlyMap<number, readonly IndexedFace[]>;
  /** Each clustered face's cluster. */
  clusterOf: ReadonlyMap<string, string>;
  cgroups: readonly StoredCGroup[];
}

/** The larger, surer face first: the one that shows a person best. */
const faceQuality = ({ box }: FaceRef, score: number) =>
  score * Math.min(1, Math.sqrt(box.width * box.height) * 4);

/** Visible people: named first (by name), then unnamed by faces; hidden ones last. */
export const byListOrder = (a: DerivedPerson, b: DerivedPerson): number =>
  Number(a.hidden) - Number(b.hidden) ||
  Number(a.name === undefined) - Number(b.name === undefined) ||
  (a.name ?? "").localeCompare(b.name ?? "") ||
  b.faces.length - a.faces.length ||
  a.personID.localeCompare(b.personID);

export const derivePeople = ({ faces, clusterOf, cgroups }: PeopleInputs): DerivedPerson[] => {
  const faceByID = new Map<string, { ref: FaceRef; score: number }>();
  for (const [fileID, fileFaces] of faces) {
    for (const { faceID, box, score } of fileFaces) {
      faceByID.set(faceID, { ref: { fileID, faceID, box }, score });
    }
  }

  // A face assigned by two cgroups (two devices' edits crossed) is the first's, by ID.
  const sortedGroups = [...cgroups].sort((a, b) => a.id.localeCompare(b.id));
  const claimedBy = new Map<string, string>();
  for (const group of sortedGroups) {
    for (const faceID of assignedFaceIDs(group.data)) {
      if (!claimedBy.has(faceID)) claimedBy.set(faceID, group.id);
    }
  }

  const clusters = new Map<string, string[]>();
  for (const [faceID, clusterID] of clusterOf) {
    const members = clusters.get(clusterID);
    if (members === undefined) clusters.set(clusterID, [faceID]);
    else members.push(faceID);
  }

  const groupFaces = new Map<string, Set<string>>(
    sortedGroups.map((group) => [group.id, new Set<string>()]),
  );
  for (const [faceID, groupID] of claimedBy) groupFaces.get(groupID)?.add(faceID);
  const rejectedBy = new Map(
    sortedGroups.map((group) => [group.id, new Set(group.data.rejectedFaceIDs ?? [])]),
  );

  const unnamedClusters: { clusterID: string; faceIDs: string[] }[] = [];
  for (const [clusterID, members] of clusters) {
    // The cgroup holding most of the cluster's faces takes the rest.
    const votes = new Map<string, number>();
    for (const faceID of members) {
      const groupID = claimedBy.get(faceID);
      if (groupID !== undefined) votes.set(groupID, (votes.get(groupID) ?? 0) + 1);
    }
    let winner: string | undefined;
    for (const [groupID, count] of votes) {
      if (winner === undefined || count > (votes.get(winner) ?? 0)) winner = groupID;
    }
    if (winner === undefined) {
      unnamedClusters.push({ clusterID, faceIDs: members });
      continue;
    }
    const rejected = rejectedBy.get(winner);
    for (const faceID of members) {
      if (!claimedBy.has(faceID) && rejected?.has(faceID) !== true) {
        groupFaces.get(winner)?.add(faceID);
      }
    }
  }

  const personOf = (
    base: Pick<DerivedPerson, "personID" | "cgroupID" | "clusterID" | "name" | "hidden">,
    faceIDs: Iterable<string>,
    avatarFaceID: string | undefined,
  ): DerivedPerson | undefined => {
    const found = [...faceIDs].flatMap((faceID) => {
      const face = faceByID.get(faceID);
      return face === undefined ? [] : [face];
    });
    found.sort((a, b) => faceQuality(b.ref, b.score) - faceQuality(a.ref, a.score));
    const best = found[0];
    if (best === undefined) return undefined;
    const avatar = avatarFaceID === undefined ? undefined : faceByID.get(avatarFaceID);
    return {
      ...base,
      faces: found.map(({ ref }) => ref),
      fileIDs: new Set(found.map(({ ref }) => ref.fileID)),
      cover: (avatar ?? best).ref,
    };
  };

  const people: DerivedPerson[] = [];
  for (const group of sortedGroups) {
    const name = group.data.name?.trim();
    const person = personOf(
      {
        personID: group.id,
        cgroupID: group.id,
        clusterID: undefined,
        name: name === undefined || name === "" ? undefined : name,
        hidden: group.data.isHidden === true,
      },
      groupFaces.get(group.id) ?? [],
      group.data.avatarFaceID ?? undefined,
    );
    if (person !== undefined) people.push(person);
  }
  for (const { clusterID, faceIDs } of unnamedClusters) {
    if (faceIDs.length < minFacesOfUnnamedPerson) continue;
    const person = personOf(
      {
        personID: clusterPersonID(clusterID),
        cgroupID: undefined,
        clusterID,
        name: undefined,
        hidden: false,
      },
      faceIDs,
      undefined,
    );
    if (person !== undefined) people.push(person);
  }
  return people.sort(byListOrder);
};
