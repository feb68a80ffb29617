/**
 * How long the trash keeps a file before the server deletes it for good
 * (wire-contract §6: auto-purge at 30 days): the server stamps `deleteBy`
 * with it, the client shows it, and a pending trash entry carries it until
 * the pull brings the server's.
 */
export const trashRetentionDays = 30;

export const trashRetentionUs = trashRetentionDays * 24 * 60 * 60 * 1_000_000;
