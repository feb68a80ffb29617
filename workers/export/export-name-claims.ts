// Which names are taken in each folder of the export while a run writes it:
// what the disk holds, what the record gives to files (even ones the user
// removed from the disk), and what files being written right now claimed.

import { exportNameKey } from "../../shared/model/export/export-names";
import type { ExportFS, ExportPath } from "./export-fs";

// [Note: A name is taken when the disk, the record or a running write has it]
//
// The reference asks the disk alone whether a name is free. A recorded file
// the user deleted by hand then frees its name, a new file takes it, and
// the record holds two keys for one name: trashing the first later moves
// the second. With several files written at once, two of them could also
// pick the same free name. So a folder's taken names are, in the form names
// are compared in (`exportNameKey`), its entries on disk when the run first
// looks at it, the record's names in it, and each name claimed since.

export class ExportNameClaims {
  readonly #fs: ExportFS;
  readonly #recorded: ReadonlyMap<ExportPath, readonly string[]>;
  readonly #taken = new Map<ExportPath, Promise<Set<string>>>();

  /** `recorded`: the names the record gives in each folder. */
  constructor(fs: ExportFS, recorded: ReadonlyMap<ExportPath, readonly string[]>) {
    this.#fs = fs;
    this.#recorded = recorded;
  }

  #keysOf(folder: ExportPath): Promise<Set<string>> {
    let keys = this.#taken.get(folder);
    if (keys === undefined) {
      keys = this.#fs.list(folder).then((entries) => {
        const set = new Set(entries.map((entry) => exportNameKey(entry.name)));
        for (const name of this.#recorded.get(folder) ?? []) set.add(exportNameKey(name));
        return set;
      });
      this.#taken.set(folder, keys);
    }
    return keys;
  }

  /**
   * Picks names in `folder` with the naming rules and claims them at once
   * (no other write can pick them in between). `pick` gets the predicate
   * over taken keys and returns the names it chose.
   */
  async claim<T extends string | readonly string[]>(
    folder: ExportPath,
    pick: (isTaken: (key: string) => boolean) => T,
  ): Promise<T> {
    const keys = await this.#keysOf(folder);
    const picked = pick((key) => keys.has(key));
    for (const name of typeof picked === "string" ? [picked] : picked) {
      keys.add(exportNameKey(name));
    }
    return picked;
  }

  async release(folder: ExportPath, name: string): Promise<void> {
    (await this.#keysOf(folder)).delete(exportNameKey(name));
  }
}
