// A place the user named in an Ente app ("Home", a radius around a point),
// as a "location" user entity: its JSON read strictly, and whether a photo
// was taken within it. Pure.
//
// The entity's JSON is the Ente apps' (mobile `LocationTag`, web
// `LocationTagData`):
//
//     {"name": "Home", "radius": 2, "aSquare": …, "bSquare": …,
//      "centerPoint": {"latitude": 48.85, "longitude": 2.35}}
//
// with `radius` in km. `aSquare` and `bSquare` are the axes of the Ente
// apps' membership ellipse, derived from the centre and the radius; Cairn
// does not read them. See: [Note: A location tag holds what is within its radius]

import { distance } from "geokdbush";
import { z } from "zod";

export const locationTagEntityType = "location";

/** A location tag as search reads it. */
export interface LocationTag {
  /** The entity's ID (`location_…`): the search's `tagID`. */
  id: string;
  /** As the user typed it, trimmed. */
  name: string;
  /** Degrees (WGS 84). */
  centre: { latitude: number; longitude: number };
  radiusKm: number;
}

/** The mean radius geokdbush measures great circles with (km). */
const earthRadiusKm = 6371;

/**
 * The largest radius read: half the Earth's circumference. A circle that
 * wide already holds every point on Earth, so a larger one is not a place
 * anyone named but a broken entity (the Ente apps offer 1 to 1200 km).
 */
export const maxLocationTagRadiusKm = Math.PI * earthRadiusKm;

const locationTagSchema = z.looseObject({
  name: z
    .string()
    .transform((name) => name.trim())
    .pipe(z.string().min(1)),
  radius: z.number().gt(0).max(maxLocationTagRadiusKm),
  centerPoint: z.looseObject({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  }),
});

/**
 * The tag an entity's JSON describes, or undefined when it is not one (a
 * missing or null field, a number out of range, an empty name): such an
 * entity is left out of search, never guessed at.
 */
export const decodeLocationTag = (id: string, data: unknown): LocationTag | undefined => {
  const parsed = locationTagSchema.safeParse(data);
  if (!parsed.success) return undefined;
  const { name, radius, centerPoint } = parsed.data;
  return {
    id,
    name,
    centre: { latitude: centerPoint.latitude, longitude: centerPoint.longitude },
    radiusKm: radius,
  };
};

// [Note: A location tag holds what is within its radius]
//
// A tag is a circle on the ground: a photo is in it when its great-circle
// distance to the centre (haversine, geokdbush's) is at most the radius,
// across the antimeridian and near the poles alike.
//
// The Ente apps test an ellipse in degrees instead (mobile
// `isFileInsideLocationTag`, web `isInsideLocationTag`, 111.16 km a degree):
// the radius divided by the cosine of the centre's latitude is the semi-axis
// they compare the latitude difference with, and the plain radius the one
// for the longitude difference. It is the longitude's degrees that shrink
// with latitude, so the ellipse is turned the wrong way: at 60° N a 10 km
// tag reaches 20 km north and south and 5 km east and west in those apps,
// and it ends at the antimeridian. So at a tag's edges, and more the farther
// from the equator, the two disagree: a photo 15 km north of the centre of
// a 10 km tag at 60° N is in it there, not here; one 7 km east is in it here,
// not there. Near the equator they agree to within the difference between
// 111.16 and 111.19 km a degree. We keep the tag's meaning (the radius the
// user chose on a map) rather than the reference's arithmetic; the tag
// itself is stored unchanged, so the Ente apps read it as before.

/** Whether a photo taken at `latitude`, `longitude` is within `tag`. See: [Note: A location tag holds what is within its radius] */
export const isWithinLocationTag = (
  tag: Pick<LocationTag, "centre" | "radiusKm">,
  latitude: number,
  longitude: number,
): boolean => {
  const { centre, radiusKm } = tag;
  // A great circle is never shorter than its latitude difference along a
  // meridian: most photos are ruled out without a trigonometric call.
  // NaN (no location) fails every comparison.
  const meridianKm = (Math.abs(latitude - centre.latitude) * Math.PI * earthRadiusKm) / 180;
  if (!(meridianKm <= radiusKm)) return false;
  return distance(centre.longitude, centre.latitude, longitude, latitude) <= radiusKm;
};
