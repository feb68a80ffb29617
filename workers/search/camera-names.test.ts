import { describe, expect, it } from "vitest";
import { cameraNameOf } from "./camera-names";

describe("a file's camera name", () => {
  it.each<[string | undefined, string | undefined, string | undefined]>([
    // The model repeats the make, or its first word: the model alone.
    ["Canon", "Canon EOS 5D Mark II", "Canon EOS 5D Mark II"],
    ["NIKON CORPORATION", "NIKON D750", "NIKON D750"],
    ["Nikon", "NIKON D750", "NIKON D750"],
    ["SAMSUNG", "SAMSUNG-SM-G930A", "SAMSUNG-SM-G930A"],
    ["HTC", "HTC6500LVW", "HTC6500LVW"],
    ["Sony Ericsson", "Sony Ericsson K800i", "Sony Ericsson K800i"],
    ["PENTAX RICOH IMAGING", "PENTAX K-5", "PENTAX K-5"],
    // Another whole word of the make.
    [
      "EASTMAN KODAK COMPANY",
      "KODAK EASYSHARE C875 ZOOM DIGITAL CAMERA",
      "KODAK EASYSHARE C875 ZOOM DIGITAL CAMERA",
    ],
    // The model lacks the make: "make model", without the make's legal form.
    ["Apple", "iPhone 12", "Apple iPhone 12"],
    ["SAMSUNG", "SM-G991B", "SAMSUNG SM-G991B"],
    ["Google", "Pixel 7", "Google Pixel 7"],
    ["OLYMPUS IMAGING CORP.", "E-M10", "OLYMPUS E-M10"],
    ["OLYMPUS OPTICAL CO.,LTD", "C2040Z", "OLYMPUS OPTICAL C2040Z"],
    ["RICOH IMAGING COMPANY, LTD.", "GR III", "RICOH GR III"],
    ["LEICA CAMERA AG", "M9 Digital Camera", "LEICA CAMERA M9 Digital Camera"],
    ["NIKON CORPORATION", "COOLPIX P7000", "NIKON COOLPIX P7000"],
    // A word of the make inside the model's first word is not a repeat.
    ["SANYO Electric Co.,Ltd.", "Co-Pilot 5", "SANYO Electric Co-Pilot 5"],
    // Spacing as firmware pads it.
    ["  Canon\u0000\u0000", " Canon  EOS 5D\u0000", "Canon EOS 5D"],
    ["Apple ", "iPhone\t12 ", "Apple iPhone 12"],
    // Only one of them, or neither.
    ["Canon", undefined, "Canon"],
    ["NIKON CORPORATION", "", "NIKON"],
    [undefined, "iPhone 12", "iPhone 12"],
    ["   ", "DMC-GX80", "DMC-GX80"],
    ["-", "iPhone 12", "iPhone 12"],
    ["Corporation", undefined, "Corporation"],
    [undefined, undefined, undefined],
    ["", "  ", undefined],
    ["\u0000", "-", undefined],
  ])("make %j and model %j read %j", (make, model, name) => {
    expect(cameraNameOf(make, model)).toBe(name);
  });
});
