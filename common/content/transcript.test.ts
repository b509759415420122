import { describe, expect, it } from "vitest";
import { hasSpeech, markupIn, parseTranscript, plainText, readableTranscript, toVtt } from "./transcript.ts";

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

describe("readableTranscript and markupIn", () => {
  it("leaves the [paus N] lines out of the transcript shown to read, and finds markup left in a text", () => {
    const body = "Sit down.\n\n[paus 5]\n\nBreathe in.\n[paus 2.5]\nAnd out.\n";
    expect(readableTranscript(body)).toBe("Sit down.\n\nBreathe in.\nAnd out.");
    expect(markupIn(readableTranscript(body))).toEqual([]);
    expect(markupIn(body)).toEqual(["[paus 5]", "[paus 2.5]"]);
    expect(markupIn("Wait [paus 5] here, [music] and [SFX: rain].")).toEqual(["[paus 5]", "[music]", "[SFX: rain]"]);
    expect(markupIn("See [the guide](/guide).")).toEqual([]);
  });
});
