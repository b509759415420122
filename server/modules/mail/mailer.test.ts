import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestRelay } from "../../testing/smtp-relay.ts";
import { createMailer, listOutbox, readOutboxMessage } from "./mailer.ts";
import { MailDeliveryError } from "./smtp-delivery.ts";

describe("the outbox mailer (no SMTP configured)", () => {
  it("writes each message as .eml and JSON, listed newest first", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "outbox-"));
    const mailer = createMailer({ from: "KBT <no-reply@example.test>", outboxDir: dir });
    await mailer.deliver({ to: "a@example.test", subject: "Första", text: "ett", html: "<p>ett</p>" });
    await mailer.deliver({ to: "b@example.test", subject: "Välj ett nytt lösenord", text: "två", html: "<p>två</p>" });
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
  const from = "KBT <no-reply@example.test>";
  const timeouts = { connectTimeoutMs: 400, sendTimeoutMs: 400 };
  const message = { to: "a@example.test", subject: "Ett", text: "ett", html: "<p>ett</p>" };

  async function outcome(promise: Promise<void>): Promise<{ error: MailDeliveryError | null; ms: number }> {
    const started = Date.now();
    try {
      await promise;
      return { error: null, ms: Date.now() - started };
    } catch (error) {
      if (!(error instanceof MailDeliveryError)) throw error;
      return { error, ms: Date.now() - started };
    }
  }

  it("hands the message over with its Message-ID and envelope, one connection per message", async () => {
    const relay = await createTestRelay("accept");
    await relay.start();
    const mailer = createMailer({ smtpUrl: relay.url, from, outboxDir: mkdtempSync(path.join(tmpdir(), "outbox-")), ...timeouts });
    try {
      let handedOver = 0;
      await mailer.deliver(message, { messageId: "<one@example.test>", beforeHandOver: async () => void (handedOver += 1) });
      await mailer.deliver({ ...message, to: "b@example.test" });
      expect(handedOver).toBe(1);
      expect(relay.received.map((m) => [m.from, m.to, m.messageId])).toEqual([
        ["no-reply@example.test", ["a@example.test"], "<one@example.test>"],
        ["no-reply@example.test", ["b@example.test"], expect.stringMatching(/^<.+>$/)],
      ]);
      expect(relay.connections).toBe(2);
    } finally {
      await relay.stop();
    }
  });

  it("a relay that is down or stalls: not delivered, within the time limit, worth another try", async () => {
    const down = await createTestRelay("accept");
    const stalled = await createTestRelay("stall");
    await stalled.start();
    try {
      for (const relay of [down, stalled]) {
        const mailer = createMailer({ smtpUrl: relay.url, from, outboxDir: tmpdir(), ...timeouts });
        const { error, ms } = await outcome(mailer.deliver(message));
        expect(error?.outcome).toBe("not_delivered");
        expect(error?.permanent).toBe(false);
        expect(ms).toBeLessThan(timeouts.connectTimeoutMs + 600);
      }
      expect(stalled.connections).toBe(1);
    } finally {
      await stalled.stop();
    }
  });

  it("an answer lost after the message was handed over is 'unknown'; a 550 is permanent; a failed hand-over sends nothing", async () => {
    const relay = await createTestRelay("drop-after-data");
    await relay.start();
    const mailer = createMailer({ smtpUrl: relay.url, from, outboxDir: tmpdir(), ...timeouts });
    try {
      const lost = await outcome(mailer.deliver(message, { beforeHandOver: async () => undefined }));
      expect(lost.error?.outcome).toBe("unknown");
      expect(relay.transferred).toBe(1);
      expect(lost.error?.message).not.toContain("a@example.test");
      relay.mode = "reject";
      const refused = await outcome(mailer.deliver(message));
      expect([refused.error?.outcome, refused.error?.permanent, refused.error?.responseCode]).toEqual(["not_delivered", true, 550]);
      relay.mode = "accept";
      const cut = await outcome(
        mailer.deliver(message, {
          beforeHandOver: async () => {
            throw new Error("the outbox could not record the hand-over");
          },
        }),
      );
      expect(cut.error?.outcome).toBe("not_delivered");
      // The relay never got the final dot: it took nothing.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(relay.transferred).toBe(2);
      expect(relay.received).toHaveLength(0);
    } finally {
      await relay.stop();
    }
  });
});
