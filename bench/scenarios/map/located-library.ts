// A plausible, seeded library of located photos for the map bench, as the
// search index's columns (`LocationColumns`), in display order (newest
// first). Pure: the same seed gives the same library.
//
// Where people take photos is far from uniform: most of a library is in a
// few places (home, a few trips' cities), dense down to single streets and
// to one spot shot many times (a landmark, the garden); trips leave tracks
// of photos along roads and trails; the rest is scattered. The map's cost
// depends on that shape (how many markers a view shows, how deep clusters
// split), so the bench's library has it:
// - `cityShare` in a few cities, each a dense core (a few hundred metres),
//   its wider town (kilometres) and landmarks (many photos within metres);
// - `trackShare` along trips' routes (Europe mostly, one in America);
// - the rest scattered over Europe, then over the world.

import type { LocationColumns } from "../../../workers/map/located-photos";
import { seededRandom } from "../../seed/plausible-files";

const cityShare = 0.55;
const trackShare = 0.25;
const europeScatterShare = 0.12;

interface City {
  latitude: number;
  longitude: number;
  /** Relative share of the cities' photos. */
  weight: number;
}

/** Home (Paris) holds the most; then places visited often or for long. */
const cities: readonly City[] = [
  { latitude: 48.8566, longitude: 2.3522, weight: 10 }, // Paris
  { latitude: 51.5072, longitude: -0.1276, weight: 4 }, // London
  { latitude: 52.52, longitude: 13.405, weight: 3 }, // Berlin
  { latitude: 41.9028, longitude: 12.4964, weight: 3 }, // Rome
  { latitude: 41.3874, longitude: 2.1686, weight: 3 }, // Barcelona
  { latitude: 52.3676, longitude: 4.9041, weight: 2 }, // Amsterdam
  { latitude: 45.764, longitude: 4.8357, weight: 2 }, // Lyon
  { latitude: 38.7223, longitude: -9.1393, weight: 2 }, // Lisbon
  { latitude: 40.7128, longitude: -74.006, weight: 2 }, // New York
  { latitude: 35.6762, longitude: 139.6503, weight: 2 }, // Tokyo
];

/** Trips as routes of waypoints (degrees), each walked with photos along it. */
const tracks: readonly (readonly [number, number])[][] = [
  // Paris to the Riviera and on to Milan.
  [
    [48.8566, 2.3522],
    [47.322, 5.0415],
    [45.764, 4.8357],
    [43.9493, 4.8055],
    [43.7102, 7.262],
    [44.4056, 8.9463],
    [45.4642, 9.19],
  ],
  // Berlin, Prague, Vienna, Budapest.
  [
    [52.52, 13.405],
    [51.0504, 13.7373],
    [50.0755, 14.4378],
    [48.2082, 16.3738],
    [47.4979, 19.0402],
  ],
  // Norway's coast.
  [
    [59.9139, 10.7522],
    [60.3913, 5.3221],
    [62.4722, 6.1495],
    [63.4305, 10.3951],
    [67.2804, 14.4049],
    [69.6492, 18.9553],
  ],
  // Scotland's Highlands.
  [
    [55.9533, -3.1883],
    [56.4907, -4.2026],
    [57.1497, -2.0943],
    [57.4778, -4.2247],
    [57.2736, -6.2155],
  ],
  // Route 66, Chicago to Los Angeles.
  [
    [41.8781, -87.6298],
    [38.627, -90.1994],
    [35.4676, -97.5164],
    [35.222, -101.8313],
    [35.0844, -106.6504],
    [35.1983, -111.6513],
    [34.0522, -118.2437],
  ],
];

/** A standard normal draw (Box–Muller). */
const normal = (random: () => number): number =>
  Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/** Degrees of longitude per metre at `latitude`, and of latitude. */
const metresToDegrees = (latitude: number, northMetres: number, eastMetres: number) => ({
  latitude: northMetres / 111_320,
  longitude: eastMetres / (111_320 * Math.cos((latitude * Math.PI) / 180)),
});

/** The library's located photos: `count` of them, seeded. */
export const plausibleLocatedLibrary = (count: number, seed = 0x5eed_3a9): LocationColumns => {
  const random = seededRandom(seed);
  const ids = new Float64Array(count);
  const latitudes = new Float64Array(count);
  const longitudes = new Float64Array(count);
  const totalWeight = cities.reduce((total, city) => total + city.weight, 0);
  /** Landmarks per city: spots shot again and again, fixed per seed. */
  const landmarks = cities.map((city) =>
    Array.from({ length: 12 }, () => {
      const offset = metresToDegrees(city.latitude, normal(random) * 2500, normal(random) * 2500);
      return [city.latitude + offset.latitude, city.longitude + offset.longitude] as const;
    }),
  );
  const place = (index: number, latitude: number, longitude: number) => {
    latitudes[index] = Math.max(-84, Math.min(84, latitude));
    longitudes[index] = ((((longitude + 180) % 360) + 360) % 360) - 180;
  };
  const pickCity = (): number => {
    let left = random() * totalWeight;
    for (let index = 0; index < cities.length; index++) {
      left -= cities[index]?.weight ?? 0;
      if (left <= 0) return index;
    }
    return cities.length - 1;
  };

  // Photos come in runs (a day out, a trip), so neighbours in display order
  // are neighbours on the map too, as in a real library.
  let index = 0;
  while (index < count) {
    const kind = random();
    const runLength = Math.min(count - index, 20 + Math.floor(random() * 400));
    if (kind < cityShare) {
      const cityIndex = pickCity();
      const city = cities[cityIndex] ?? cities[0];
      if (city === undefined) break;
      for (let end = index + runLength; index < end; index++) {
        const roll = random();
        if (roll < 0.2) {
          // At a landmark: within metres.
          const spots = landmarks[cityIndex] ?? [];
          const [latitude, longitude] = spots[Math.floor(random() * spots.length)] ?? [
            city.latitude,
            city.longitude,
          ];
          const offset = metresToDegrees(latitude, normal(random) * 8, normal(random) * 8);
          place(index, latitude + offset.latitude, longitude + offset.longitude);
        } else {
          // The core (a few hundred metres) or the town around it (kilometres).
          const spreadMetres = roll < 0.55 ? 400 : 6000;
          const offset = metresToDegrees(
            city.latitude,
            normal(random) * spreadMetres,
            normal(random) * spreadMetres,
          );
          place(index, city.latitude + offset.latitude, city.longitude + offset.longitude);
        }
      }
    } else if (kind < cityShare + trackShare) {
      const route = tracks[Math.floor(random() * tracks.length)] ?? [];
      const leg = Math.floor(random() * (route.length - 1));
      const [fromLatitude, fromLongitude] = route[leg] ?? [0, 0];
      const [toLatitude, toLongitude] = route[leg + 1] ?? [fromLatitude, fromLongitude];
      for (let step = 0, end = index + runLength; index < end; index++, step++) {
        const along = step / runLength;
        const latitude = fromLatitude + (toLatitude - fromLatitude) * along;
        const offset = metresToDegrees(latitude, normal(random) * 300, normal(random) * 300);
        place(
          index,
          latitude + offset.latitude,
          fromLongitude + (toLongitude - fromLongitude) * along + offset.longitude,
        );
      }
    } else if (kind < cityShare + trackShare + europeScatterShare) {
      for (let end = index + runLength; index < end; index++) {
        place(index, 36 + random() * 24, -10 + random() * 38);
      }
    } else {
      for (let end = index + runLength; index < end; index++) {
        place(index, -50 + random() * 115, -180 + random() * 360);
      }
    }
  }
  // File IDs as a server gives them: unrelated to the display order.
  for (let position = 0; position < count; position++) ids[position] = 1_000_000 + count - position;
  return { count, ids, latitudes, longitudes };
};
