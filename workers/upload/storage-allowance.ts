// The storage an upload request may still fill, claimed by its units as
// they start ("larger than available storage").

/**
 * [Note: Units claim their storage before they are sent]
 *
 * Four lanes upload at once, so checking each file against the storage
 * left at the request's start would let four files that each fit pass
 * together and end the run with the server's 426 halfway. A unit claims its
 * size once it knows the file is new (after the dedupe: a copy of a file
 * the user has takes no storage, so a full account still gets "already
 * uploaded" for it), just before sending; the check and the claim are one
 * synchronous step. A file that fails or is cancelled gives its claim back.
 * Unknown storage (the details could not be fetched) claims nothing and
 * refuses nothing: the server decides.
 */
export interface StorageAllowance {
  /** Bytes left to claim, or undefined when unknown. */
  leftBytes(): number | undefined;
  /** Claims the bytes; false (nothing claimed) when they do not fit. */
  claim(sizeBytes: number): boolean;
  /** Gives a claim back (the bytes were not stored). */
  release(sizeBytes: number): void;
}

export const createStorageAllowance = (startBytes: number | undefined): StorageAllowance => {
  let left = startBytes;
  return {
    leftBytes: () => left,
    claim: (sizeBytes) => {
      if (left === undefined) return true;
      if (sizeBytes > left) return false;
      left -= sizeBytes;
      return true;
    },
    release: (sizeBytes) => {
      if (left !== undefined) left += sizeBytes;
    },
  };
};

/** An allowance that refuses nothing (storage unknown). */
export const unknownStorage = (): StorageAllowance => createStorageAllowance(undefined);
