// Plausible, reproducible file metadata for seeded libraries: camera-style
// titles, creation times spread over ten years, locations around a few
// cities, the occasional video and caption. A seeded PRNG, so the same seed
// gives the same library (pure: no I/O).

import { FileType } from "../../shared/model/library/file-metadata";

/** mulberry32: a small, fast, seedable PRNG; answers floats in [0, 1). */
export const seededRandom = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const cities = [
  { name: "Lisbon", latitude: 38.72, longitude: -9.14 },
  { name: "Kyoto", latitude: 35.01, longitude: 135.77 },
  { name: "Reykjavík", latitude: 64.15, longitude: -21.94 },
  { name: "Cape Town", latitude: -33.92, longitude: 18.42 },
  { name: "Bologna", latitude: 44.49, longitude: 11.34 },
  { name: "Vancouver", latitude: 49.28, longitude: -123.12 },
  { name: "Oaxaca", latitude: 17.07, longitude: -96.72 },
  { name: "Tromsø", latitude: 69.65, longitude: 18.96 },
] as const;

const captions = [
  "Sunset from the ferry",
  "Grandma's 90th 🎂",
  "First snow",
  "The whole team, finally",
  "Best pastel de nata so far",
  "Low tide",
] as const;

const albumWords = [
  "Summer",
  "Family",
  "Hiking",
  "Birthday",
  "Road trip",
  "Garden",
  "Wedding",
  "Concerts",
  "Snow",
  "Beach",
] as const;

/** µs per second. */
const usPerSecond = 1_000_000;
/** Creation times fall in the ten years before the seed's "now". */
const creationSpanUs = 10 * 365 * 24 * 3600 * usPerSecond;
/** Share of files with a location, of videos, of captions. */
const locatedShare = 0.6;
const videoShare = 0.08;
const captionShare = 0.03;

const pad = (value: number, digits = 2) => String(value).padStart(digits, "0");

export interface PlausibleFile {
  metadata: {
    title: string;
    creationTime: number;
    modificationTime: number;
    fileType: FileType;
    latitude?: number;
    longitude?: number;
    hash: string;
  };
  caption: string | undefined;
  /** The size as shown, which an upload records in the public magic metadata (`w`, `h`). */
  widthPx: number;
  heightPx: number;
}

/**
 * Sizes as a phone or camera library has them, with their shares: mostly
 * 4:3 landscapes and portraits, some 3:2, squares and panoramas; videos
 * 16:9 either way.
 */
const photoSizes: readonly { share: number; widthPx: number; heightPx: number }[] = [
  { share: 0.45, widthPx: 4032, heightPx: 3024 },
  { share: 0.3, widthPx: 3024, heightPx: 4032 },
  { share: 0.12, widthPx: 6000, heightPx: 4000 },
  { share: 0.08, widthPx: 3024, heightPx: 3024 },
  { share: 0.05, widthPx: 12_000, heightPx: 4000 },
];
const videoSizes: readonly { share: number; widthPx: number; heightPx: number }[] = [
  { share: 0.7, widthPx: 1920, heightPx: 1080 },
  { share: 0.3, widthPx: 1080, heightPx: 1920 },
];

/** One of `sizes`, drawn by their shares. */
const drawSize = (random: () => number, sizes: typeof photoSizes) => {
  let left = random();
  for (const size of sizes) {
    left -= size.share;
    if (left < 0) return size;
  }
  return sizes[sizes.length - 1] as (typeof sizes)[number];
};

const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;

/** A base64 string of `bytes` random bytes (a plausible content hash). */
const randomB64 = (random: () => number, bytes: number): string =>
  btoa(String.fromCharCode(...Array.from({ length: bytes }, () => Math.floor(random() * 256))));

/** One plausible file created before `nowUs`. */
export const plausibleFile = (random: () => number, nowUs: number): PlausibleFile => {
  const creationTime = nowUs - Math.floor(random() * creationSpanUs);
  const date = new Date(creationTime / 1000);
  const stamp = `${String(date.getUTCFullYear())}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}_${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}`;
  const isVideo = random() < videoShare;
  const title = isVideo
    ? `VID_${stamp}.mp4`
    : pick(random, [
        `IMG_${stamp}.jpg`,
        `PXL_${stamp}.jpg`,
        `DSC_${pad(Math.floor(random() * 10_000), 4)}.JPG`,
      ]);
  const city = random() < locatedShare ? pick(random, cities) : undefined;
  return {
    metadata: {
      title,
      creationTime,
      modificationTime: creationTime + Math.floor(random() * 3600 * usPerSecond),
      fileType: isVideo ? FileType.video : FileType.image,
      ...(city === undefined
        ? {}
        : {
            latitude: Math.round((city.latitude + (random() - 0.5) * 0.2) * 1e6) / 1e6,
            longitude: Math.round((city.longitude + (random() - 0.5) * 0.2) * 1e6) / 1e6,
          }),
      hash: randomB64(random, 64),
    },
    caption: random() < captionShare ? pick(random, captions) : undefined,
    // Drawn last: the fields above keep the sequence they had before sizes.
    ...sizeOf(drawSize(random, isVideo ? videoSizes : photoSizes)),
  };
};

const sizeOf = ({ widthPx, heightPx }: { widthPx: number; heightPx: number }) => ({
  widthPx,
  heightPx,
});

/** A plausible album name, distinct for each index. */
export const plausibleAlbumName = (random: () => number, index: number): string =>
  `${pick(random, albumWords)} ${String(2015 + (index % 10))} #${String(index + 1)}`;
