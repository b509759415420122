import { describe, expect, it } from "vitest";
import { parseQrData, qrData, qrSeconds } from "./qr.ts";

describe("animated QR code", () => {
  // BankID's published example (developers.bankid.com, "QR code").
  const token = "67df3917-fa0d-44e5-b327-edcc928297f8";
  const secret = "d28db9a7-4cde-429e-a983-359be676944c";

  it("matches BankID's published vector for t = 0, 1 and 2", () => {
    expect(qrData(token, secret, 0)).toBe(
      `bankid.${token}.0.dc69358e712458a66a7525beef148ae8526b1c71610eff2c16cdffb4cdac9bf8`,
    );
    expect(qrData(token, secret, 1)).toBe(
      `bankid.${token}.1.949d559bf23403952a94d103e67743126381eda00f0b3cbddbf7c96b1adcbce2`,
    );
    expect(qrData(token, secret, 2)).toBe(
      `bankid.${token}.2.a9e5ec59cb4eee4ef4117150abc58fad7a85439a6a96ccbecc3668b41795b3f3`,
    );
  });

  it("counts whole seconds since the order started and parses back", () => {
    const start = new Date("2026-11-23T10:00:00.000Z");
    expect(qrSeconds(start, new Date("2026-11-23T10:00:00.999Z"))).toBe(0);
    expect(qrSeconds(start, new Date("2026-11-23T10:00:02.100Z"))).toBe(2);
    expect(qrSeconds(start, new Date("2026-11-23T09:59:59.000Z"))).toBe(0);
    expect(parseQrData(qrData(token, secret, 7))).toEqual({
      qrStartToken: token,
      t: 7,
      code: qrData(token, secret, 7).split(".")[3],
    });
    expect(parseQrData("bankid.nope.1.abc")).toBeNull();
  });
});
