// What a video's ffprobe report (`-print_format json -show_format
// -show_streams`) says about it: creation time, duration, displayed size and
// place. Pure: the runner produces the JSON, the rules of shared/model decide.

import { z } from "zod";
import {
  parseVideoDurationSec,
  videoCreationTimeUs,
} from "../../../shared/model/media/video-times";
import { parseIso6709Location } from "./iso6709-location";

/** What the upload keeps of a video's container. */
export interface VideoProbe {
  /** µs since the epoch; absent when no tag holds a plausible time (spec §5). */
  creationTimeUs?: number;
  durationSec?: number;
  /** The size the video is shown at: its rotation applied. */
  widthPx?: number;
  heightPx?: number;
  latitude?: number;
  longitude?: number;
}

const tagsSchema = z.record(z.string(), z.unknown()).optional();

const streamSchema = z.looseObject({
  codec_type: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  duration: z.string().optional(),
  disposition: z.looseObject({ attached_pic: z.number().optional() }).optional(),
  tags: tagsSchema,
  side_data_list: z.array(z.looseObject({ rotation: z.number().optional() })).optional(),
});

const reportSchema = z.looseObject({
  streams: z.array(streamSchema).optional(),
  format: z.looseObject({ duration: z.string().optional(), tags: tagsSchema }).optional(),
});

type Tags = z.infer<typeof tagsSchema>;

/** A tag's string value; ffprobe keeps each container's spelling, so the name is matched without case. */
const tag = (tags: Tags, name: string): string | undefined => {
  if (tags === undefined) return undefined;
  const wanted = name.toLowerCase();
  const value = Object.entries(tags).find(([key]) => key.toLowerCase() === wanted)?.[1];
  return typeof value === "string" ? value : undefined;
};

// [Note: Which container tag gives a video's creation time]
//
// Apple's `com.apple.quicktime.creationdate` is the capture time with the
// capture's offset, and survives trimming and export on the phone; the
// generic `creation_time` (the container's mvhd, or a stream's mdhd) is
// rewritten by editors and converters to the time they ran. So Apple's tag
// is tried first, then the container's, then the video stream's. A tag the
// spec says to ignore (see: [Note: A video's creation time is read as an
// instant, and only when plausible]) passes the turn to the next one.

/** Tags of the container that may hold a place, most precise first. */
const locationTags = ["com.apple.quicktime.location.ISO6709", "location", "location-eng"];

/** Degrees a display matrix turns the picture; ffprobe reports it as `rotation` (or an old `rotate` tag). */
const rotationDegrees = (stream: z.infer<typeof streamSchema>): number => {
  const fromSideData = stream.side_data_list?.find(
    (entry) => entry.rotation !== undefined,
  )?.rotation;
  if (fromSideData !== undefined) return fromSideData;
  const fromTag = Number(tag(stream.tags, "rotate") ?? 0);
  return Number.isFinite(fromTag) ? fromTag : 0;
};

/**
 * The probe of a video from ffprobe's JSON report, `nowUs` being the current
 * time (a creation time after it is ignored). Undefined when the report
 * holds no video stream: the file is not a video (an unknown format gives an
 * empty report; an audio file's cover art is not a video).
 */
export const videoProbeFromReport = (reportJSON: string, nowUs: number): VideoProbe | undefined => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(reportJSON);
  } catch {
    return undefined;
  }
  const report = reportSchema.safeParse(parsed);
  if (!report.success) return undefined;
  const { streams = [], format } = report.data;
  const video = streams.find(
    (stream) => stream.codec_type === "video" && stream.disposition?.attached_pic !== 1,
  );
  if (video === undefined) return undefined;

  const probe: VideoProbe = {};
  // See: [Note: Which container tag gives a video's creation time]
  const creationTimeUs = [
    tag(format?.tags, "com.apple.quicktime.creationdate"),
    tag(format?.tags, "creation_time"),
    tag(video.tags, "creation_time"),
  ]
    .map((value) => videoCreationTimeUs(value, nowUs))
    .find((timeUs) => timeUs !== undefined);
  if (creationTimeUs !== undefined) probe.creationTimeUs = creationTimeUs;

  const durationSec =
    parseVideoDurationSec(format?.duration) ?? parseVideoDurationSec(video.duration);
  if (durationSec !== undefined) probe.durationSec = durationSec;

  const { width, height } = video;
  if (width !== undefined && height !== undefined && width > 0 && height > 0) {
    const quarterTurns = Math.round(rotationDegrees(video) / 90);
    const sideways = Math.abs(quarterTurns) % 2 === 1;
    probe.widthPx = sideways ? height : width;
    probe.heightPx = sideways ? width : height;
  }

  const location = locationTags
    .map((name) => parseIso6709Location(tag(format?.tags, name)))
    .find((place) => place !== undefined);
  if (location !== undefined) {
    probe.latitude = location.latitude;
    probe.longitude = location.longitude;
  }
  return probe;
};
