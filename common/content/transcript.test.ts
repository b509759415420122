import { describe, expect, it } from "vitest";
import { hasSpeech, parseTranscript, plainText, toVtt } from "./transcript.ts";

describe("parseTranscript", () => {
  it("makes each paragraph one speech segment and each [paus N] line N seconds of silence", () => {
    const body = "Sit down.\nClose your eyes.\n\n[paus 5]\n\nBreathe *slowly*.\n[paus 2.5]\nGood.\n";
    expect(parseTranscript(body)).toEqual([
      { kind: "speech", text: "Sit down. Close your eyes." },
      { kind: "pause", seconds: 5 },
      { kind: "speech", text: "Breathe slowly." },
      { kind: "pause", seconds: 2.5 },
      { kind: "speech", text: "Good." },
    ]);
  });

  it("treats a pause marker inside a sentence as words, and finds no speech in pauses alone", () => {
    expect(parseTranscript("Wait [paus 5] here.")).toEqual([{ kind: "speech", text: "Wait [paus 5] here." }]);
    expect(hasSpeech("[paus 5]\n\n[paus 10]")).toBe(false);
    expect(hasSpeech("\n\n")).toBe(false);
  });
});

describe("plainText", () => {
  it("drops Markdown emphasis, headings and links", () => {
    expect(plainText("## Now\n**Breathe** in, see [the guide](/guide) and _rest_.")).toBe("Now Breathe in, see the guide and rest.");
  });
});

describe("toVtt", () => {
  it("writes numbered cues with hh:mm:ss.mmm times", () => {
    expect(toVtt([{ start: 1, end: 4.25, text: "Hello." }, { start: 3600.5, end: 3602, text: "Later." }])).toBe(
      "WEBVTT\n\n1\n00:00:01.000 --> 00:00:04.250\nHello.\n\n2\n01:00:00.500 --> 01:00:02.000\nLater.\n",
    );
  });
});
