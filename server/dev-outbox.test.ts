import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerOutboxPages } from "./dev-outbox.ts";
import { createMailer } from "./modules/mail/mailer.ts";

describe("development outbox pages", () => {
  it("list messages, show one escaped, and answer the newest to an address as JSON", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "outbox-"));
    const mailer = createMailer({ from: "x <x@example.test>", outboxDir: dir });
    await mailer.deliver({ to: "anna@example.test", subject: "Hej <b>", text: "länk https://x/?code=1", html: "<p>hej</p>" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await mailer.deliver({ to: "anna@example.test", subject: "Ett annat ärende", text: "nyare", html: "<p>nyare</p>" });
    mailer.close();
    const app = Fastify();
    registerOutboxPages(app, { outboxDir: dir });
    const list = await app.inject({ url: "/dev/outbox" });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain("Hej &lt;b&gt;");
    const latest = await app.inject({ url: "/dev/outbox/latest.json?to=anna@example.test" });
    expect(latest.json()).toMatchObject({ to: "anna@example.test", text: "nyare" });
    // With a subject: the newest about it, though a newer one to the address is about something else.
    const about = await app.inject({ url: `/dev/outbox/latest.json?to=anna@example.test&subject=${encodeURIComponent("Hej")}` });
    expect(about.json()).toMatchObject({ to: "anna@example.test", text: "länk https://x/?code=1" });
    expect((await app.inject({ url: "/dev/outbox/latest.json?to=anna@example.test&subject=inget" })).statusCode).toBe(404);
    expect((await app.inject({ url: "/dev/outbox/latest.json?to=nobody@example.test" })).statusCode).toBe(404);
    const file = /href="\/dev\/outbox\/([^"]+)">Hej &lt;b&gt;</.exec(list.body)?.[1] ?? "";
    expect(file).not.toBe("");
    const one = await app.inject({ url: `/dev/outbox/${file}` });
    expect(one.body).toContain('sandbox=""');
    expect(one.body).not.toContain("<p>hej</p>");
    expect((await app.inject({ url: "/dev/outbox/..%2F..%2Fetc%2Fpasswd" })).statusCode).toBe(404);
    await app.close();
  });
});
