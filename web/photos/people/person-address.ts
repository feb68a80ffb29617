// Where a person's photos are (pure): the gallery's search results for
// `person:<personID>`, the existing grid of a search.

import { encodeSearchQuery, searchParam } from "../../../shared/model/search/search-query";
import { galleryPagePath } from "../gallery/navigation/gallery-pages";

export const personAddress = (personID: string): string => {
  const params = new URLSearchParams();
  params.set(searchParam, encodeSearchQuery({ kind: "person", personID }));
  return `${galleryPagePath("timeline")}?${params.toString()}`;
};
