// The orders the auth app's list can take (kept per device in local storage).

export const codeSortOrders = ["issuer", "account", "recently-used", "manual"] as const;
export type CodeSortOrder = (typeof codeSortOrders)[number];
