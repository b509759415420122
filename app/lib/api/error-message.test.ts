import { describe, expect, it } from "vitest";
import en from "../../../common/i18n/locales/en.json";
import sv from "../../../common/i18n/locales/sv.json";
import { createI18n } from "../i18n.ts";
import { ApiError, NetworkError, parseRetryAfter } from "./client.ts";
import { errorInfo, errorMessage, waitTime } from "./error-message.ts";

const svT = createI18n("sv", sv).t;
const enT = createI18n("en", en).t;

describe("Retry-After", () => {
  it("reads seconds and HTTP dates, and ignores what it cannot use", () => {
    const now = Date.parse("2026-11-22T12:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120);
    expect(parseRetryAfter(" 5 ", now)).toBe(5);
    expect(parseRetryAfter("Sun, 22 Nov 2026 12:01:30 GMT", now)).toBe(90);
    expect(parseRetryAfter("Sun, 22 Nov 2026 11:59:00 GMT", now)).toBeNull();
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });

  it("travels with the API error (header names as transports give them)", () => {
    const error = new ApiError(
      429,
      { code: "auth.locked", detail: "Locked." },
      { "retry-after": "900" },
    );
    expect(error.retryAfter).toBe(900);
    expect(new ApiError(400, { code: "auth.invalid_credentials" }).retryAfter).toBeNull();
  });
});

describe("error messages", () => {
  it("say roughly how long to wait, rounded up", () => {
    expect(waitTime(svT, 1)).toBe("1 sekund");
    expect(waitTime(svT, 42)).toBe("42 sekunder");
    expect(waitTime(svT, 61)).toBe("2 minuter");
    expect(waitTime(enT, 60)).toBe("1 minute");
    expect(waitTime(enT, 3600)).toBe("1 hour");
    expect(waitTime(enT, 5400)).toBe("2 hours");
  });

  it("translate the code and add the wait when the server gave one", () => {
    const locked = errorInfo(new ApiError(429, { code: "auth.locked" }, { "retry-after": "600" }));
    expect(errorMessage(enT, locked)).toBe(
      `${en.errors.codes.auth.locked} You can try again in about 10 minutes.`,
    );
    const wrong = errorInfo(new ApiError(400, { code: "auth.invalid_credentials" }));
    expect(errorMessage(svT, wrong)).toBe(sv.errors.codes.auth.invalid_credentials);
  });

  it("fall back to the network and general messages", () => {
    expect(errorMessage(svT, errorInfo(new NetworkError(new Error("offline"))))).toBe(
      sv.errors.codes.network,
    );
    expect(errorMessage(svT, errorInfo(new Error("bug")))).toBe(sv.errors.codes.server.error);
    expect(errorMessage(svT, { code: "no.such_code", retryAfter: null })).toBe(
      sv.errors.codes.server.error,
    );
  });
});
