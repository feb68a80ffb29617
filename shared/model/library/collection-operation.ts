// The collection operations of spec §4 by their wire numbers: ADD 0, MOVE 1,
// REMOVE 2, RESTORE 3, UNHIDE 4; any other number is refused as an invalid
// collection operation (the catalogue's 'invalid collection operation').

export const collectionOperationNames = ["add", "move", "remove", "restore", "unhide"] as const;

export type CollectionOperationName = (typeof collectionOperationNames)[number];

/** The operation a number stands for, or undefined for an invalid collection operation. */
export const collectionOperationOf = (value: number): CollectionOperationName | undefined =>
  Number.isInteger(value) ? collectionOperationNames[value] : undefined;

/** The operations by name, with their wire numbers (the index in `collectionOperationNames`). */
export const CollectionOperation = {
  add: 0,
  move: 1,
  remove: 2,
  restore: 3,
  unhide: 4,
} as const satisfies {
  [Name in CollectionOperationName]: number;
};
export type CollectionOperation = (typeof CollectionOperation)[keyof typeof CollectionOperation];
