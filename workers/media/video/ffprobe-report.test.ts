import { describe, expect, it } from "vitest";
import { videoProbeFromReport } from "./ffprobe-report";

const us = (iso: string) => Date.parse(iso) * 1000;
const nowUs = us("2024-06-01T12:00:00Z");

interface StreamOverrides {
  codec_type?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: Record<string, string>;
  side_data_list?: { side_data_type: string; rotation?: number }[];
}

const videoStream = (overrides: StreamOverrides = {}) => ({
  codec_type: "video",
  codec_name: "h264",
  width: 1920,
  height: 1080,
  duration: "3.000000",
  ...overrides,
});

const report = (
  streams: object[],
  format: { duration?: string; tags?: Record<string, string> } = {},
): string => JSON.stringify({ streams, format: { format_name: "mov,mp4", ...format } });

describe("videoProbeFromReport", () => {
  it.each([
    ["an empty report (not a known format)", "{ }"],
    ["no JSON", "Invalid data found when processing input"],
    ["JSON of another shape", JSON.stringify({ streams: "none" })],
    ["an audio file", report([{ codec_type: "audio", codec_name: "aac" }])],
    [
      "an audio file with cover art",
      report([
        { codec_type: "audio", codec_name: "mp3" },
        videoStream({ disposition: { attached_pic: 1 } }),
      ]),
    ],
  ])("finds no video in %s", (_, json) => {
    expect(videoProbeFromReport(json, nowUs)).toBeUndefined();
  });

  it("reads a plain video: duration from the container, size from the stream", () => {
    expect(videoProbeFromReport(report([videoStream()], { duration: "62.340000" }), nowUs)).toEqual(
      { durationSec: 62.34, widthPx: 1920, heightPx: 1080 },
    );
  });

  it("takes the video stream's duration when the container has none", () => {
    const probe = videoProbeFromReport(report([videoStream({ duration: "4.5" })]), nowUs);
    expect(probe?.durationSec).toBe(4.5);
  });

  it.each<[string, StreamOverrides, [number, number]]>([
    [
      "a display matrix of -90°",
      { side_data_list: [{ side_data_type: "Display Matrix", rotation: -90 }] },
      [1080, 1920],
    ],
    [
      "a display matrix of 270°",
      { side_data_list: [{ side_data_type: "Display Matrix", rotation: 270 }] },
      [1080, 1920],
    ],
    [
      "a display matrix of 180°",
      { side_data_list: [{ side_data_type: "Display Matrix", rotation: 180 }] },
      [1920, 1080],
    ],
    ["an old rotate tag of 90", { tags: { rotate: "90" } }, [1080, 1920]],
    ["no rotation", {}, [1920, 1080]],
  ])("gives the displayed size for %s", (_, overrides, size) => {
    const probe = videoProbeFromReport(report([videoStream(overrides)]), nowUs);
    expect([probe?.widthPx, probe?.heightPx]).toEqual(size);
  });

  it("leaves out a size that is not one", () => {
    const probe = videoProbeFromReport(report([videoStream({ width: 0, height: 0 })]), nowUs);
    expect(probe).not.toHaveProperty("widthPx");
    expect(probe).not.toHaveProperty("heightPx");
  });

  it.each<[string, Record<string, string>, Record<string, string>, string | undefined]>([
    [
      "Apple's creation date over creation_time",
      {
        "com.apple.quicktime.creationdate": "2023-05-01T12:20:30+0200",
        creation_time: "2023-06-10T08:00:00.000000Z",
      },
      {},
      "2023-05-01T10:20:30Z",
    ],
    [
      "creation_time when Apple's is not a date",
      {
        "com.apple.quicktime.creationdate": "0000-00-00",
        creation_time: "2023-06-10T08:00:00.000000Z",
      },
      {},
      "2023-06-10T08:00:00Z",
    ],
    [
      "the stream's when the container's is in the future",
      { creation_time: "2030-01-01T00:00:00.000000Z" },
      { creation_time: "2022-02-02T02:02:02.000000Z" },
      "2022-02-02T02:02:02Z",
    ],
    [
      "a tag spelled in capitals",
      { CREATION_TIME: "2021-03-04T05:06:07Z" },
      {},
      "2021-03-04T05:06:07Z",
    ],
    [
      "nothing when every tag is zero",
      { creation_time: "1970-01-01T00:00:00.000000Z" },
      {},
      undefined,
    ],
    ["nothing when there is no tag", {}, {}, undefined],
  ])("takes %s", (_, formatTags, streamTags, expected) => {
    const probe = videoProbeFromReport(
      report([videoStream({ tags: streamTags })], { tags: formatTags }),
      nowUs,
    );
    expect(probe?.creationTimeUs).toBe(expected === undefined ? undefined : us(expected));
  });

  it.each<[string, Record<string, string>, [number, number] | undefined]>([
    [
      "Apple's ISO 6709 tag",
      { "com.apple.quicktime.location.ISO6709": "+37.7749-122.4194+010.000/" },
      [37.7749, -122.4194],
    ],
    ["MP4's location", { location: "+48.8584+002.2945/" }, [48.8584, 2.2945]],
    [
      "Apple's over MP4's",
      {
        location: "+48.8584+002.2945/",
        "com.apple.quicktime.location.ISO6709": "+01.0000+002.0000/",
      },
      [1, 2],
    ],
    ["no place for a broken value", { location: "somewhere" }, undefined],
  ])("reads the place from %s", (_, tags, place) => {
    const probe = videoProbeFromReport(report([videoStream()], { tags }), nowUs);
    expect(probe?.latitude === undefined ? undefined : [probe.latitude, probe.longitude]).toEqual(
      place,
    );
  });
});
