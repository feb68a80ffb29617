import { z } from "zod";

// A person the user named or chose something about, as a "cgroup" user
// entity: the shape the Ente apps use, so a person named here is named
// there. Pure: the schema and the changes the people's actions make.
//
// [Note: A person is a cgroup of faces]
//
// The clustering puts faces together on each device; the user's choices
// must not depend on it. So a person the user touched (named, hidden,
// merged, a face removed) is stored as the faces it holds, in the
// reference's layout:
//
//     {"name": "Ada", "assigned": [{"id": <cluster ID>, "faces": [faceID…]}],
//      "isHidden": false, "avatarFaceID": faceID?, "rejectedFaceIDs": [faceID…]}
//
// and a cluster of this device joins the person when one of its faces is
// the person's (the faces it brings count as the person's from then on),
// except faces the user removed from it (`rejectedFaceIDs`). An empty name
// is a person not named yet (hidden, or a face removed from a cluster).
// Unknown keys are kept when we update one (another app's fields).

export const cgroupEntityType = "cgroup";

export const cgroupSchema = z.looseObject({
  name: z.string().optional(),
  assigned: z.array(z.looseObject({ id: z.string(), faces: z.array(z.string()) })),
  isHidden: z.boolean().optional(),
  avatarFaceID: z.string().nullish(),
  rejectedFaceIDs: z.array(z.string()).optional(),
});

export type CGroup = z.infer<typeof cgroupSchema>;

/** A cgroup as the people read it: its entity's ID and its data. */
export interface StoredCGroup {
  id: string;
  data: CGroup;
}

/** Every face a cgroup assigns, in order, once each. */
export const assignedFaceIDs = (group: CGroup): string[] => [
  ...new Set(group.assigned.flatMap(({ faces }) => faces)),
];

/** A new cgroup of faces (a cluster the user touched). */
export const newCGroup = (clusterID: string, faceIDs: readonly string[], name = ""): CGroup => ({
  name,
  assigned: [{ id: clusterID, faces: [...faceIDs] }],
  isHidden: false,
});

/** `into` with the faces of another person added; faces it had rejected are its own again. */
export const mergedCGroup = (
  into: CGroup,
  mergedID: string,
  mergedFaceIDs: readonly string[],
): CGroup => {
  const merged = new Set(mergedFaceIDs);
  return {
    ...into,
    assigned: [...into.assigned, { id: mergedID, faces: [...mergedFaceIDs] }],
    rejectedFaceIDs: (into.rejectedFaceIDs ?? []).filter((faceID) => !merged.has(faceID)),
  };
};

/** `group` without `faceIDs`, which are never put back in it. */
export const withoutFaces = (group: CGroup, faceIDs: readonly string[]): CGroup => {
  const removed = new Set(faceIDs);
  return {
    ...group,
    assigned: group.assigned.map((cluster) => ({
      ...cluster,
      faces: cluster.faces.filter((faceID) => !removed.has(faceID)),
    })),
    rejectedFaceIDs: [...new Set([...(group.rejectedFaceIDs ?? []), ...faceIDs])],
    avatarFaceID:
      group.avatarFaceID !== undefined &&
      group.avatarFaceID !== null &&
      removed.has(group.avatarFaceID)
        ? undefined
        : group.avatarFaceID,
  };
};
