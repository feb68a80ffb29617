// What the credits screen says about the places data. Both sources ask for
// it: GeoNames' licence (CC BY 4.0) requires attribution; Natural Earth is in
// the public domain and asks for a credit as a courtesy.

export interface DataAttribution {
  /** The source's name, as the credits show it. */
  name: string;
  /** What the app uses it for, in English (the credits screen may translate it). */
  usedFor: string;
  licence: string;
  licenceURL?: string | undefined;
  url: string;
  /** The exact sentence the credits screen shows. */
  credit: string;
}

/** The places data's sources, in the order the credits list them. */
export const placesAttribution: readonly DataAttribution[] = [
  {
    name: "GeoNames",
    usedFor: "City names and locations",
    licence: "CC BY 4.0",
    licenceURL: "https://creativecommons.org/licenses/by/4.0/",
    url: "https://www.geonames.org/",
    credit:
      "City names and locations from GeoNames (https://www.geonames.org/), licensed under CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/).",
  },
  {
    name: "Natural Earth",
    usedFor: "Country boundaries",
    licence: "Public domain",
    url: "https://www.naturalearthdata.com/",
    credit:
      "Country boundaries from Natural Earth (https://www.naturalearthdata.com/), in the public domain. Made with Natural Earth.",
  },
];
