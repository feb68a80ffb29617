import * as base64 from "./base64";
import { describeBase64Codec } from "./test-support/base64-suite";

describeBase64Codec("base64 encodings", base64);
