import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { listOutbox, readOutboxMessage } from "./modules/mail/mailer.ts";
import { escapeHtml } from "./modules/mail/templates.ts";

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
    `<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}` +
    `td,th{padding:.25rem .75rem;text-align:left}iframe{width:100%;height:32rem;border:1px solid #ccc}</style>` +
    `</head><body>${body}</body></html>`;
}

/**
 * Development pages (DEV_PAGES only): the e-mails written to the outbox instead of being sent —
 * a list, one message, and the newest message to an address as JSON (tests read links there).
 */
export function registerOutboxPages(app: FastifyInstance, options: { outboxDir: string }): void {
  const { outboxDir } = options;

  app.get("/dev/outbox", async (_req, reply) => {
    const rows = (await listOutbox(outboxDir))
      .slice(0, 200)
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.date)}</td><td>${escapeHtml(m.to)}</td>` +
          `<td><a href="/dev/outbox/${encodeURIComponent(m.file)}">${escapeHtml(m.subject)}</a></td></tr>`,
      )
      .join("");
    reply.type("text/html; charset=utf-8").header("Cache-Control", "no-store");
    return page(
      "Outbox",
      `<h1>Outbox</h1><p>E-mails written to the outbox folder (no SMTP server configured).</p>` +
        `<table><thead><tr><th>Date</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`,
    );
  });

  app.get("/dev/outbox/latest.json", async (req, reply) => {
    // `subject`: the newest whose subject contains it (two tests may write to one address at once).
    const query = z.object({ to: z.string().min(3), subject: z.string().min(1).optional() }).safeParse(req.query);
    reply.header("Cache-Control", "no-store");
    if (!query.success) return reply.code(400).send({ code: "request.invalid", fields: { "query.to": "required" } });
    const { to, subject } = query.data;
    const entry = (await listOutbox(outboxDir)).find((m) => m.to === to.toLowerCase() && (subject === undefined || m.subject.includes(subject)));
    const message = entry ? await readOutboxMessage(outboxDir, entry.file) : null;
    if (!message) return reply.code(404).send({ code: "request.not_found", detail: "No e-mail to that address." });
    return message;
  });

  app.get("/dev/outbox/:file", async (req, reply) => {
    const { file } = req.params as { file: string };
    const message = await readOutboxMessage(outboxDir, file);
    if (!message) return reply.callNotFound();
    reply.type("text/html; charset=utf-8").header("Cache-Control", "no-store");
    return page(
      message.subject,
      `<p><a href="/dev/outbox">Outbox</a></p><h1>${escapeHtml(message.subject)}</h1>` +
        `<p>To: ${escapeHtml(message.to)} · ${escapeHtml(message.date)}</p>` +
        `<h2>Text</h2><pre>${escapeHtml(message.text)}</pre>` +
        `<h2>HTML</h2><iframe sandbox="" title="HTML part" srcdoc="${escapeHtml(message.html)}"></iframe>`,
    );
  });
}
