import { describe, expect, it } from "vitest";
import { LOCALES } from "../../../common/i18n/locales.ts";
import * as mail from "./templates.ts";

const LINK = "https://kbt.example.se/registrera?code=abc<def>";

describe.each(LOCALES)("e-mails in %s", (locale) => {
  const all = [
    mail.registrationLink({ locale, link: LINK }),
    mail.registrationExists({ locale, loginLink: LINK, resetLink: "https://kbt.example.se/aterstall-losenord" }),
    mail.passwordReset({ locale, link: LINK }),
    mail.passwordResetNoAccount({ locale, registerLink: LINK }),
    mail.passwordChanged({ locale }),
    mail.emailChangeConfirm({ locale, link: LINK }),
    mail.twofaChanged({ locale, enabled: true }),
    mail.twofaChanged({ locale, enabled: false }),
    mail.accountDeleted({ locale }),
  ];

  it("have a subject, a text and an HTML part", () => {
    for (const m of all) {
      expect(m.subject.length).toBeGreaterThan(5);
      expect(m.text.length).toBeGreaterThan(40);
      expect(m.html).toContain("<!doctype html>");
    }
  });

  it("carry the link in both parts, escaped in HTML", () => {
    for (const m of [all[0], all[2], all[5]]) {
      expect(m?.text).toContain(LINK);
      expect(m?.html).toContain("abc&lt;def&gt;");
      expect(m?.html).not.toContain("abc<def>");
    }
  });

  it("never mention health information", () => {
    for (const m of all) {
      expect(`${m.subject} ${m.text}`).not.toMatch(/screening|depress|ångest|angst|anxiety|stress|sömn|søvn|sleep|PHQ|GAD|kurs|course/i);
    }
  });
});

describe("registrationExists", () => {
  it("carries no registration code", () => {
    expect(mail.registrationExists({ locale: "sv", loginLink: "https://x.se/", resetLink: "https://x.se/r" }).text).not.toMatch(/code=/);
  });
});
