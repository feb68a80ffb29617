import { describe, expect, it } from "vitest";
import { type EditedOriginal, type HoldingCollection, planEditedCopy } from "./edited-copy-plan";

const me = 7;
const friend = 9;

const original = (overrides: Partial<EditedOriginal> = {}): EditedOriginal => ({
  ownerID: me,
  metadata: { title: "IMG_0042.HEIC", creationTime: 1_600_000_000_000_000 },
  ...overrides,
});

const collection = (id: number, overrides: Partial<HoldingCollection> = {}): HoldingCollection => ({
  id,
  type: "album",
  ownerID: me,
  isCollaborator: false,
  isDeleted: false,
  ...overrides,
});

describe("planEditedCopy", () => {
  it("names the copy after the shown name: an edited name wins over the title", () => {
    const plan = planEditedCopy({
      original: original({
        pubMagicMetadata: { data: { editedName: "Sunset over the lake.png" } },
      }),
      holding: [],
      userID: me,
      viewID: 0,
    });
    expect(plan.fileName).toBe("Sunset over the lake-edited.jpg");
  });

  it.each<{ why: string; original: EditedOriginal; copyOf: object }>([
    {
      why: "creation time, and the creation time as the shown time",
      original: original(),
      copyOf: { creationTimeUs: 1_600_000_000_000_000, editedTimeUs: 1_600_000_000_000_000 },
    },
    {
      why: "the place, the caption, and the edited time as the shown time",
      original: original({
        metadata: {
          title: "a.jpg",
          creationTime: 1_600_000_000_000_000,
          latitude: 46.5,
          longitude: 6.6,
        },
        pubMagicMetadata: { data: { caption: "Lake", editedTime: 1_500_000_000_000_000 } },
      }),
      copyOf: {
        creationTimeUs: 1_600_000_000_000_000,
        latitude: 46.5,
        longitude: 6.6,
        caption: "Lake",
        editedTimeUs: 1_500_000_000_000_000,
      },
    },
    {
      why: "no place when only half of it is known",
      original: original({
        metadata: { title: "a.jpg", creationTime: 5, latitude: 46.5 },
      }),
      copyOf: { creationTimeUs: 5, editedTimeUs: 5 },
    },
  ])("carries over $why", ({ original: from, copyOf }) => {
    expect(planEditedCopy({ original: from, holding: [], userID: me, viewID: 0 }).copyOf).toEqual(
      copyOf,
    );
  });

  it.each<{
    why: string;
    holding: HoldingCollection[];
    viewID: number;
    owner?: number;
    target: object;
    others: number[];
  }>([
    {
      why: "the open album first, the other albums after",
      holding: [collection(10), collection(20), collection(30)],
      viewID: 20,
      target: { kind: "album", collectionID: 20 },
      others: [10, 30],
    },
    {
      why: "from the timeline: the oldest album first",
      holding: [collection(30), collection(10)],
      viewID: 0,
      target: { kind: "album", collectionID: 10 },
      others: [30],
    },
    {
      why: "never favorites, even opened from there",
      holding: [collection(10, { type: "favorites" }), collection(20)],
      viewID: 10,
      target: { kind: "album", collectionID: 20 },
      others: [],
    },
    {
      why: "only favorites: into the library",
      holding: [collection(10, { type: "favorites" })],
      viewID: 10,
      target: { kind: "library" },
      others: [],
    },
    {
      why: "uncategorized and folders are the user's collections too",
      holding: [collection(10, { type: "uncategorized" }), collection(20, { type: "folder" })],
      viewID: 0,
      target: { kind: "album", collectionID: 10 },
      others: [20],
    },
    {
      why: "not a deleted album",
      holding: [collection(10, { isDeleted: true }), collection(20)],
      viewID: 10,
      target: { kind: "album", collectionID: 20 },
      others: [],
    },
    {
      why: "a shared album where the user collaborates, after their own",
      holding: [collection(5, { ownerID: friend, isCollaborator: true }), collection(20)],
      viewID: 0,
      target: { kind: "album", collectionID: 20 },
      others: [5],
    },
    {
      why: "a shared album where the user collaborates, first when open",
      holding: [collection(5, { ownerID: friend, isCollaborator: true }), collection(20)],
      viewID: 5,
      target: { kind: "album", collectionID: 5 },
      others: [20],
    },
    {
      why: "a friend's file in an album the user collaborates on",
      owner: friend,
      holding: [collection(5, { ownerID: friend, isCollaborator: true })],
      viewID: 5,
      target: { kind: "album", collectionID: 5 },
      others: [],
    },
    {
      why: "a friend's file in an album the user only views: into the library",
      owner: friend,
      holding: [collection(5, { ownerID: friend })],
      viewID: 5,
      target: { kind: "library" },
      others: [],
    },
    {
      why: "a file in the trash (no album): into the library",
      holding: [],
      viewID: -3,
      target: { kind: "library" },
      others: [],
    },
  ])("places the copy: $why", ({ holding, viewID, owner = me, target, others }) => {
    const plan = planEditedCopy({
      original: original({ ownerID: owner }),
      holding,
      userID: me,
      viewID,
    });
    expect(plan.target).toEqual(target);
    expect(plan.otherAlbumIDs).toEqual(others);
  });

  it.each([
    { owner: me, may: true },
    { owner: friend, may: false },
  ])("lets the original be replaced only by its owner ($owner: $may)", ({ owner, may }) => {
    const plan = planEditedCopy({
      original: original({ ownerID: owner }),
      holding: [collection(5, { ownerID: friend, isCollaborator: true })],
      userID: me,
      viewID: 5,
    });
    expect(plan.mayReplaceOriginal).toBe(may);
  });
});
