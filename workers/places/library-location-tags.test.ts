import { describe, expect, it } from "vitest";
import {
  type LocationTagEntities,
  createLibraryLocationTags,
  locationTagPullIntervalMs,
} from "./library-location-tags";

/** The account's "location" entities on the server, as a device pulls them (a stand-in for /user-entity). */
const server = () => {
  const stored = new Map<string, { data: unknown; updatedAt: number; gone: boolean }>();
  let clock = 0;
  const asked: number[] = [];
  let offline = false;
  const entities: LocationTagEntities = {
    pull: (sinceTime) => {
      asked.push(sinceTime);
      if (offline) return Promise.reject(new Error("offline"));
      const changed = [...stored].filter(([, entity]) => entity.updatedAt > sinceTime);
      return Promise.resolve({
        changed: changed
          .filter(([, entity]) => !entity.gone)
          .map(([id, entity]) => ({ id, data: structuredClone(entity.data) })),
        gone: changed.filter(([, entity]) => entity.gone).map(([id]) => id),
        sinceTime: clock,
      });
    },
  };
  return {
    entities,
    asked,
    put: (id: string, data: unknown) => {
      stored.set(id, { data, updatedAt: ++clock, gone: false });
    },
    remove: (id: string) => {
      const entity = stored.get(id);
      if (entity !== undefined) stored.set(id, { ...entity, updatedAt: ++clock, gone: true });
    },
    setOffline: (next: boolean) => {
      offline = next;
    },
  };
};

const tagJSON = (name: string, latitude: number, longitude: number, radius: number) => ({
  name,
  radius,
  aSquare: 1,
  bSquare: 1,
  centerPoint: { latitude, longitude },
});

const device = (entities: LocationTagEntities) => {
  let nowMs = 0;
  const errors: string[] = [];
  let changes = 0;
  const tags = createLibraryLocationTags({
    entities,
    nowMs: () => nowMs,
    logError: (message) => {
      errors.push(message);
    },
    onChange: () => {
      changes += 1;
    },
  });
  return {
    tags,
    errors,
    changes: () => changes,
    names: () => tags.tags().map(({ name, radiusKm }) => `${name} ${String(radiusKm)} km`),
    later: () => {
      nowMs += locationTagPullIntervalMs;
    },
  };
};

describe("the library's location tags", () => {
  it("reads the account's tags, then only what changed: edits replace, deletions remove", async () => {
    const remote = server();
    remote.put("location_home", tagJSON("Home", 48.85, 2.35, 2));
    remote.put("location_cabin", tagJSON("Cabin", 61.1, 10.4, 10));
    const { tags, names, changes, later } = device(remote.entities);
    expect(names()).toEqual([]);
    await tags.prepare();
    expect(names()).toEqual(["Home 2 km", "Cabin 10 km"]);
    expect(tags.tagByID("location_home")?.centre).toEqual({ latitude: 48.85, longitude: 2.35 });
    expect(changes()).toBe(1);

    // Another device widens Home and deletes the cabin.
    remote.put("location_home", tagJSON("Home", 48.85, 2.35, 5));
    remote.remove("location_cabin");
    later();
    await tags.prepare();
    expect(names()).toEqual(["Home 5 km"]);
    expect(tags.tagByID("location_cabin")).toBeUndefined();
    expect(remote.asked).toEqual([0, 2]);
    expect(changes()).toBe(2);

    // Nothing new: the same tags, no change heard.
    later();
    await tags.prepare();
    expect(names()).toEqual(["Home 5 km"]);
    expect(changes()).toBe(2);
  });

  it("leaves out an entity that is not a tag, and drops a tag whose newest version is not one", async () => {
    const remote = server();
    remote.put("location_home", tagJSON("Home", 48.85, 2.35, 2));
    remote.put("location_broken", { name: "Broken", radius: 2 });
    remote.put("location_far", tagJSON("Far", 95, 0, 2));
    const { tags, names, errors, later } = device(remote.entities);
    await tags.prepare();
    expect(names()).toEqual(["Home 2 km"]);
    expect(errors).toEqual([
      "Ignoring a location tag that is not one (location_broken)",
      "Ignoring a location tag that is not one (location_far)",
    ]);

    remote.put("location_home", tagJSON("Home", 48.85, 2.35, -1));
    later();
    await tags.prepare();
    expect(names()).toEqual([]);
    expect(tags.tagByID("location_home")).toBeUndefined();
  });

  it("pulls at most once an interval, and keeps the tags it has while the server cannot be reached", async () => {
    const remote = server();
    remote.put("location_home", tagJSON("Home", 48.85, 2.35, 2));
    const { tags, names, errors, later } = device(remote.entities);
    await Promise.all([tags.prepare(), tags.prepare()]);
    await tags.prepare();
    expect(remote.asked).toEqual([0]);

    remote.setOffline(true);
    later();
    await tags.prepare();
    expect(names()).toEqual(["Home 2 km"]);
    expect(errors).toEqual(["Could not read the location tags"]);
    // A failed pull is tried again at the next read.
    remote.setOffline(false);
    remote.put("location_park", tagJSON("Park", 48.86, 2.33, 1));
    await tags.prepare();
    expect(names()).toEqual(["Home 2 km", "Park 1 km"]);
    expect(remote.asked).toEqual([0, 1, 1]);
  });

  it("follows library syncs only once search has read the tags", async () => {
    const remote = server();
    remote.put("location_home", tagJSON("Home", 48.85, 2.35, 2));
    const { tags, names, later } = device(remote.entities);
    tags.refreshIfRead();
    expect(remote.asked).toEqual([]);

    await tags.prepare();
    remote.remove("location_home");
    later();
    tags.refreshIfRead();
    await tags.prepare();
    expect(names()).toEqual([]);
    expect(remote.asked).toEqual([0, 1]);
  });
});
