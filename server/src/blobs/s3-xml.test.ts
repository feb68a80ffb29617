import { describe, expect, it } from "vitest";
import { completionResultXML, parseCompletionXML, s3ErrorXML } from "./s3-xml";

describe("parseCompletionXML", () => {
  it.each([
    [
      "the web client's document",
      '<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>"AbC"</ETag></Part><Part><PartNumber>2</PartNumber><ETag>"def"</ETag></Part></CompleteMultipartUpload>',
      [
        { partNumber: 1, etag: "abc" },
        { partNumber: 2, etag: "def" },
      ],
    ],
    [
      "a declaration, a namespace, entities and whitespace",
      '<?xml version="1.0" encoding="UTF-8"?>\n<CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">\n  <Part>\n    <ETag>&quot;1e10&quot;</ETag>\n    <PartNumber>3</PartNumber>\n  </Part>\n</CompleteMultipartUpload>',
      [{ partNumber: 3, etag: "1e10" }],
    ],
    ["no parts", "<CompleteMultipartUpload></CompleteMultipartUpload>", undefined],
    [
      "another root",
      "<Other><Part><PartNumber>1</PartNumber><ETag>x</ETag></Part></Other>",
      undefined,
    ],
    [
      "a part without number",
      "<CompleteMultipartUpload><Part><ETag>x</ETag></Part></CompleteMultipartUpload>",
      undefined,
    ],
    [
      "a non-numeric number",
      "<CompleteMultipartUpload><Part><PartNumber>one</PartNumber><ETag>x</ETag></Part></CompleteMultipartUpload>",
      undefined,
    ],
    ["broken XML", "<CompleteMultipartUpload><Part>", undefined],
    ["not XML", "{}", undefined],
    ["nothing", "", undefined],
  ])("reads %s", (_, xml, parts) => {
    expect(parseCompletionXML(xml)).toEqual(parts);
  });
});

describe("S3 XML answers", () => {
  it("escapes text in errors and results", () => {
    expect(s3ErrorXML("NoSuchKey", "a <b> & c", "ser_1")).toContain(
      "<Code>NoSuchKey</Code><Message>a &#60;b&#62; &#38; c</Message><RequestId>ser_1</RequestId>",
    );
    expect(completionResultXML({ location: "/blobs/1/x", key: "1/x", etag: "abc-2" })).toContain(
      '<Key>1/x</Key><ETag>"abc-2"</ETag>',
    );
  });
});
