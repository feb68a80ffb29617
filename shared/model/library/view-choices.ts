// What the gallery's views show, as the user chose it on a device: the
// settings page writes it, the sync worker's views follow it.
// See: [Note: Shared files stay out of the timeline unless chosen]

export interface ViewChoices {
  /** Files owned by others (shared with the user, or added to their albums) appear in All. */
  sharedInTimeline: boolean;
}

/** The choices of a device where none was made. */
export const defaultViewChoices: ViewChoices = { sharedInTimeline: false };
