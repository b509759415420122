import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PRIVACY_SETTINGS } from "../common/privacy/settings.ts";
import { EnvError, parseEnv, redactEnv } from "./env.ts";
import { EXAMPLE_PRIVACY_ENV } from "./testing/privacy-env.ts";

function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), "kbt-env-"));
}

function problemsOf(source: Record<string, string>): string[] {
  try {
    parseEnv({ DATA_DIR: tempDir(), ...source });
  } catch (error) {
    return (error as EnvError).problems;
  }
  return [];
}

describe("parseEnv", () => {
  it("works with no configuration and keeps a generated secret under DATA_DIR", () => {
    const dir = tempDir();
    const first = parseEnv({ DATA_DIR: dir });
    expect(first.PORT).toBe(3000);
    expect(first.NODE_ENV).toBe("development");
    expect(first.SECRET_KEY.length).toBeGreaterThanOrEqual(32);
    expect(first.DEV_PAGES).toBe(true);
    const second = parseEnv({ DATA_DIR: dir });
    expect(second.SECRET_KEY).toBe(first.SECRET_KEY);
    expect(JSON.parse(readFileSync(path.join(dir, "dev-secrets.json"), "utf8")).SECRET_KEY).toBe(
      first.SECRET_KEY,
    );
  });

  it("refuses a database pool of one connection: migrations hold one for their lock and run on another", () => {
    expect(problemsOf({ DATABASE_POOL_SIZE: "1" }).join("\n")).toContain("DATABASE_POOL_SIZE");
    expect(problemsOf({ DATABASE_POOL_SIZE: "2" })).toEqual([]);
  });

  it("lists every bad field at once", () => {
    try {
      parseEnv({ PORT: "not-a-port", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const problems = (error as EnvError).problems.join("\n");
      expect(problems).toContain("PORT");
      expect(problems).toContain("DATABASE_URL");
      expect(problems).toContain("LOG_LEVEL");
    }
  });

  it("refuses production without real secrets, naming each missing setting", () => {
    try {
      parseEnv({ NODE_ENV: "production", DATA_DIR: tempDir() });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const problems = (error as EnvError).problems;
      for (const name of ["SECRET_KEY", "FIELD_ENCRYPTION_KEYS", "DATABASE_URL", "SMTP_URL", "PUBLIC_ORIGIN"]) {
        expect(problems.some((p) => p.startsWith(`${name}:`))).toBe(true);
      }
    }
  });

  it("accepts a complete production configuration and turns on secure cookies", () => {
    const env = parseEnv({
      NODE_ENV: "production",
      SECRET_KEY: "x".repeat(40),
      FIELD_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 1).toString("base64")}`,
      DATABASE_URL: "postgres://db/app",
      SMTP_URL: "smtp://mail:25",
      PUBLIC_ORIGIN: "https://kbt.example.se",
      BANKID_BASE_URL: "https://appapi2.bankid.com/rp/v6.0",
      BANKID_PFX_PATH: "/etc/kbt/bankid.p12",
      BANKID_PFX_PASSPHRASE: "passphrase",
      BANKID_CA_PATH: "/etc/kbt/bankid-ca.pem",
      ...EXAMPLE_PRIVACY_ENV,
    });
    expect(env.isProduction).toBe(true);
    expect(env.PRIVACY_CONTROLLER_NAME).toBe("Exempel Självhjälp AB");
    expect(env.SAFETY_REPORT_EMAIL).toBe("sakerhet@kbt.example.se");
    expect(env.BANKID_MODE).toBe("live");
    expect(env.SECURE_COOKIES).toBe(true);
    expect(env.DEV_PAGES).toBe(false);
  });

  it("refuses the BankID simulator in production and a live mode without its certificate", () => {
    const problemsOf = (source: Record<string, string>): string[] => {
      try {
        parseEnv({ DATA_DIR: tempDir(), ...source });
      } catch (error) {
        return (error as EnvError).problems;
      }
      return [];
    };
    expect(problemsOf({ NODE_ENV: "production", BANKID_MODE: "simulator" })).toContain(
      "BANKID_MODE: the simulator is refused when NODE_ENV=production",
    );
    expect(problemsOf({ BANKID_MODE: "live" })).toEqual([
      "BANKID_BASE_URL: required when BANKID_MODE=live",
      "BANKID_PFX_PATH: required when BANKID_MODE=live",
      "BANKID_PFX_PASSPHRASE: required when BANKID_MODE=live",
      "BANKID_CA_PATH: required when BANKID_MODE=live",
    ]);
    expect(problemsOf({ BANKID_MODE: "live", BANKID_BASE_URL: "http://bankid.example/rp/v6.0" })).toContain(
      "BANKID_BASE_URL: must be https:// (mutual TLS) when BANKID_MODE=live",
    );
    expect(parseEnv({ DATA_DIR: tempDir() }).BANKID_MODE).toBe("simulator");
  });

  it("refuses production without the privacy notice's settings, naming each, and the safety address", () => {
    const problems = problemsOf({ NODE_ENV: "production" });
    for (const name of PRIVACY_SETTINGS) {
      expect(problems).toContain(`${name}: required when NODE_ENV=production (the privacy notice)`);
    }
    expect(problems).toContain("SAFETY_REPORT_EMAIL: required when NODE_ENV=production (safety reports)");
    // With them all, none of these is named.
    const complete = problemsOf({ NODE_ENV: "production", ...EXAMPLE_PRIVACY_ENV });
    expect(complete.filter((p) => p.startsWith("PRIVACY_") || p.startsWith("SAFETY_"))).toEqual([]);
    // Outside development they are optional: the page says what is not configured.
    expect(parseEnv({ DATA_DIR: tempDir() }).PRIVACY_CONTROLLER_NAME).toBeUndefined();
    expect(parseEnv({ DATA_DIR: tempDir() }).SAFETY_REPORT_EMAIL).toBe("safety@localhost");
  });

  it("asks for the transfer safeguard when a processor is outside the EU/EEA, and checks the values", () => {
    const production = { NODE_ENV: "production", ...EXAMPLE_PRIVACY_ENV };
    expect(problemsOf({ ...production, PRIVACY_EMAIL_COUNTRY: "US" })).toContain(
      "PRIVACY_TRANSFER_SAFEGUARD: required when a processor is outside the EU/EEA (US)",
    );
    expect(
      problemsOf({ ...production, PRIVACY_EMAIL_COUNTRY: "US", PRIVACY_TRANSFER_SAFEGUARD: "scc" }).filter((p) =>
        p.startsWith("PRIVACY_"),
      ),
    ).toEqual([]);
    expect(problemsOf({ PRIVACY_HOSTING_COUNTRY: "Sweden", PRIVACY_SUPERVISORY_AUTHORITY: "gdpr", PRIVACY_CONTACT_EMAIL: "nobody" })).toEqual([
      "PRIVACY_CONTACT_EMAIL: must be an e-mail address",
      expect.stringMatching(/^PRIVACY_SUPERVISORY_AUTHORITY: /),
      "PRIVACY_HOSTING_COUNTRY: must be a two-letter country code such as SE",
    ]);
  });

  it("redacts secrets when printed", () => {
    const env = parseEnv({ DATA_DIR: tempDir(), DATABASE_URL: "postgres://u:pw@db/app" });
    const printed = JSON.stringify(redactEnv(env));
    expect(printed).not.toContain(env.SECRET_KEY);
    expect(printed).not.toContain("pw@db");
    expect(printed).toContain("<redacted>");
  });
});
