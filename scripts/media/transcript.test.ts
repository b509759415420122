import { describe, expect, it } from "vitest";
import { captionsYaml, replaceCaptions, replaceDescription, respell, timeCaptions, wrap } from "./transcript.ts";

describe("respell", () => {
  it("replaces whole words only", () => {
    expect(respell("KBT och KBTX, sms.", { KBT: "kå be te", sms: "ess emm ess" })).toBe("kå be te och KBTX, ess emm ess.");
  });
});

describe("timeCaptions", () => {
  it("lays captions end to end from the measured speech, rounded up to a tenth", () => {
    const { captions, slots } = timeCaptions(["One.", "Two."], [2.03, 1.5], 1, 0.5);
    expect(captions).toEqual([
      { start: 1, end: 3.1, text: "One." },
      { start: 3.6, end: 5.1, text: "Two." },
    ]);
    expect(slots).toEqual([2.6, 2]);
  });
});

describe("wrap", () => {
  it("breaks at spaces within the width", () => {
    expect(wrap("Breathe in slowly through the nose", 16)).toEqual(["Breathe in", "slowly through", "the nose"]);
  });
});

describe("replaceCaptions", () => {
  it("replaces only the captions block of the front matter", () => {
    const file = '---\ntitle: "Film"\ncaptions:\n  - start: 0\n    end: 1\n    text: "Old"\n---\nBody.\n';
    const block = captionsYaml([{ start: 1, end: 2.5, text: 'Say "hi"' }]);
    expect(replaceCaptions(file, block)).toBe('---\ntitle: "Film"\ncaptions:\n  - {start: 1, end: 2.5, text: "Say \\"hi\\""}\n---\nBody.\n');
  });
});

describe("replaceDescription", () => {
  it("sets a video transcript's first line to the picture's description, replacing an old one", () => {
    const file = "---\ntitle: Film\n---\n*An animated scale and a battery.*\n\nStress is the body's way.\n";
    expect(replaceDescription(file, "A breathing circle.")).toBe("---\ntitle: Film\n---\n*A breathing circle.*\n\nStress is the body's way.\n");
    expect(replaceDescription("---\ntitle: Film\n---\nHello there.\n", "A breathing circle.")).toBe("---\ntitle: Film\n---\n*A breathing circle.*\n\nHello there.\n");
  });
});
