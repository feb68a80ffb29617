// The account's location tags as the sync worker keeps them for search:
// the "location" user entities pulled from the server (end-to-end
// encrypted, decrypted by the caller), read strictly, kept in memory, and
// followed from the last pull on: changed tags replaced, deleted ones gone.
// See: [Note: A location tag holds what is within its radius]

import { type LocationTag, decodeLocationTag } from "./location-tag";

/** The "location" user entities, decrypted: what the tags read. */
export interface LocationTagEntities {
  /**
   * Entities changed since `sinceTime` (µs), those that are gone (deleted,
   * or whose newest version does not open), and the time to ask from next.
   */
  pull(sinceTime: number): Promise<{
    changed: { id: string; data: unknown }[];
    gone: string[];
    sinceTime: number;
  }>;
}

export interface LibraryLocationTagsDeps {
  entities: LocationTagEntities;
  nowMs: () => number;
  logError: (message: string, cause: unknown) => void;
  /** The tags changed (another device named, moved or deleted one). */
  onChange?: () => void;
}

export interface LibraryLocationTags {
  /** Pulls when the last pull is stale. See: [Note: Location tags are pulled when search reads them] */
  prepare(): Promise<void>;
  /** After a library sync: pulls when search has read the tags in this session (and they are stale). */
  refreshIfRead(): void;
  /** The tags, once prepared, in the order they were last changed. */
  tags(): readonly LocationTag[];
  tagByID(tagID: string): LocationTag | undefined;
}

// [Note: Location tags are pulled when search reads them]
//
// As the people's names (see: [Note: The people pull their cgroups now and
// then]), another device may name a place at any time and the server has
// no push: the tags are pulled when search reads them (a suggestion, a tag's
// results opened) and the last pull is older than
// `locationTagPullIntervalMs`, and after each library sync once search has
// read them in this session, so an open tag's results follow an edit made
// elsewhere. A session that never searches asks for none. A pull asks only
// for what changed since the last one.

/** See: [Note: Location tags are pulled when search reads them] */
export const locationTagPullIntervalMs = 10_000;

export const createLibraryLocationTags = (deps: LibraryLocationTagsDeps): LibraryLocationTags => {
  const tags = new Map<string, LocationTag>();
  let sinceTime = 0;
  let lastPullMs = Number.NEGATIVE_INFINITY;
  let preparing: Promise<void> | undefined;
  /** Whether search has read the tags in this session. */
  let read = false;
  let listed: readonly LocationTag[] = [];

  const pull = async () => {
    const pulled = await deps.entities.pull(sinceTime);
    let changed = false;
    for (const { id, data } of pulled.changed) {
      // An update moves a tag to the end, as the entities' newest change does.
      changed = tags.delete(id) || changed;
      const tag = decodeLocationTag(id, data);
      if (tag === undefined) {
        // Its older version, if any, is not kept either: it is not what the user has now.
        deps.logError(`Ignoring a location tag that is not one (${id})`, undefined);
        continue;
      }
      tags.set(id, tag);
      changed = true;
    }
    for (const id of pulled.gone) changed = tags.delete(id) || changed;
    sinceTime = pulled.sinceTime;
    lastPullMs = deps.nowMs();
    if (changed) {
      listed = [...tags.values()];
      deps.onChange?.();
    }
  };

  const prepareOnce = async () => {
    if (deps.nowMs() - lastPullMs < locationTagPullIntervalMs) return;
    try {
      await pull();
    } catch (error) {
      // Search goes on with the tags as last pulled; the next read tries again.
      deps.logError("Could not read the location tags", error);
    }
  };

  const prepare = (): Promise<void> => {
    read = true;
    preparing ??= prepareOnce().finally(() => {
      preparing = undefined;
    });
    return preparing;
  };

  return {
    prepare,
    refreshIfRead: () => {
      if (read) void prepare();
    },
    tags: () => listed,
    tagByID: (tagID) => tags.get(tagID),
  };
};
