// A photo's place from its GPS location: its nearest city and its country,
// from the places asset alone (no network). Pure once built.

import KDBush from "kdbush";
import { around } from "geokdbush";
import { countryAt, type CountryShapes } from "./country-shapes";
import type { PlacesData } from "./places-asset-format";

/** A location as EXIF gives it, in degrees (WGS 84). */
export interface GeoLocation {
  latitude: number;
  longitude: number;
}

/** A GeoNames city. */
export interface PlaceCity {
  /** The GeoNames ID: stable across data updates (the search's `cityID`). */
  id: number;
  /** The GeoNames name ("Zürich"), not localized. */
  name: string;
  /** ISO 3166-1 alpha-2 of the city's own country ("CH"). */
  countryCode: string;
}

/** Where a photo was taken. */
export interface Place {
  /** The nearest city, when one is within `maxCityDistanceKm`. */
  city?: PlaceCity | undefined;
  /** ISO 3166-1 alpha-2 of the country the location is in ("CH"). */
  countryCode: string;
}

/**
 * [Note: A photo's city is at most 50 km away]
 *
 * GeoNames' cities1000 has a place of 1000 people or more every few km
 * wherever people live, so a photo taken anywhere inhabited has its town
 * well within 50 km (Hallstatt, of 750 people, is 9 km from Gosau). 50 km
 * still names a national park, a mountain or a boat trip after the town one
 * set out from, while a photo in the open sea, the Sahara or on the
 * Greenland ice gets no city (only its country, if the shapes have one),
 * instead of a town a hundred km away that it has nothing to do with.
 */
export const maxCityDistanceKm = 50;

/**
 * The kd-tree's leaf size: kdbush's default (64) is tuned for range
 * queries; nearest-neighbour queries of geokdbush visit fewer points in
 * smaller leaves, and 130 k cities make a small tree either way.
 */
const kdTreeNodeSize = 16;

/**
 * A location with no place: not numbers, out of range, or (0, 0), where
 * cameras and apps that write EXIF without a fix put their photos ("null
 * island"; nothing but sea lies within 50 km of it, so no photo is lost).
 */
export const isUnplaceable = ({ latitude, longitude }: GeoLocation): boolean =>
  !Number.isFinite(latitude) ||
  !Number.isFinite(longitude) ||
  Math.abs(latitude) > 90 ||
  Math.abs(longitude) > 180 ||
  (latitude === 0 && longitude === 0);

/** `placeOf(location)` over the decoded asset: builds the cities' kd-tree once. */
export const placeLocator = (
  data: PlacesData,
  shapes: CountryShapes,
): ((location: GeoLocation) => Place | undefined) => {
  const count = data.names.length;
  const tree = new KDBush(count, kdTreeNodeSize, Float64Array);
  for (let i = 0; i < count; i++) {
    tree.add((data.longitudesE5[i] ?? 0) / 1e5, (data.latitudesE5[i] ?? 0) / 1e5);
  }
  tree.finish();

  const countryCodeOf = (city: number) => data.countryCodes[data.countryIndexes[city] ?? 0] ?? "";
  const cityAt = (city: number): PlaceCity => ({
    id: data.geonameIDs[city] ?? 0,
    name: data.names[city] ?? "",
    countryCode: countryCodeOf(city),
  });
  const nearestCity = (
    { latitude, longitude }: GeoLocation,
    predicate?: (city: number) => boolean,
  ): number | undefined => around(tree, longitude, latitude, 1, maxCityDistanceKm, predicate)[0];

  /**
   * [Note: A place is the nearest city, in the country that contains the point]
   *
   * The country is the one whose shape contains the point. The city is the
   * nearest one in that country, so a photo in Kehl is Kehl, Germany, though
   * Strasbourg's centre may be nearer. Where the shapes and the cities
   * disagree and that country has no city near, the nearest city and its
   * own country win: GeoNames files Cayenne under French Guiana (GF), which
   * Natural Earth draws as part of France. Where no shape contains the
   * point (a pier, a small island, a coast that 1:50m rounds off), the
   * nearest city's country stands in.
   */
  return (location) => {
    if (isUnplaceable(location)) return undefined;
    const countryCode = countryAt(shapes, location.latitude, location.longitude);
    const nearest = nearestCity(location);
    if (countryCode === undefined) {
      if (nearest === undefined) return undefined;
      const city = cityAt(nearest);
      return { city, countryCode: city.countryCode };
    }
    if (nearest === undefined) return { countryCode };
    if (countryCodeOf(nearest) === countryCode) return { city: cityAt(nearest), countryCode };
    const nearestInCountry = nearestCity(location, (city) => countryCodeOf(city) === countryCode);
    if (nearestInCountry !== undefined) return { city: cityAt(nearestInCountry), countryCode };
    const city = cityAt(nearest);
    return { city, countryCode: city.countryCode };
  };
};
