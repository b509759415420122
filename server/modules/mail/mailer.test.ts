import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startFakeSmtp } from "./fake-smtp.ts";
import { createMailer, listOutbox, readOutboxMessage } from "./mailer.ts";

describe("the outbox mailer (no SMTP configured)", () => {
  it("writes each message as .eml and JSON, listed newest first", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "outbox-"));
    const mailer = createMailer({ from: "KBT <no-reply@example.test>", outboxDir: dir });
    await mailer.send({ to: "a@example.test", subject: "Första", text: "ett", html: "<p>ett</p>" });
    await mailer.send({ to: "b@example.test", subject: "Välj ett nytt lösenord", text: "två", html: "<p>två</p>" });
    mailer.close();
    const list = await listOutbox(dir);
    expect(list.map((m) => m.to)).toEqual(["b@example.test", "a@example.test"]);
    const message = await readOutboxMessage(dir, list[0]?.file ?? "");
    expect(message?.subject).toBe("Välj ett nytt lösenord");
    const eml = readFileSync(path.join(dir, `${list[0]?.file}.eml`), "utf8");
    expect(eml).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(eml).toContain("To: b@example.test");
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("refuses names that are not outbox names (no path traversal)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "outbox-"));
    expect(await readOutboxMessage(dir, "../../etc/passwd")).toBeNull();
    expect(await listOutbox(path.join(dir, "missing"))).toEqual([]);
  });
});

describe("the SMTP mailer", () => {
  it("sends through a pooled connection: consecutive messages share one SMTP connection", async () => {
    const smtp = await startFakeSmtp();
    const dir = mkdtempSync(path.join(tmpdir(), "outbox-"));
    const mailer = createMailer({ smtpUrl: smtp.url, from: "KBT <no-reply@example.test>", outboxDir: dir });
    try {
      await mailer.send({ to: "a@example.test", subject: "Ett", text: "ett", html: "<p>ett</p>" });
      await mailer.send({ to: "b@example.test", subject: "Två", text: "två", html: "<p>två</p>" });
      expect(smtp.messages).toHaveLength(2);
      expect(smtp.messages[1]).toContain("To: b@example.test");
      expect(smtp.connections()).toBe(1);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });
});
