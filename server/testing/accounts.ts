import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { outboxDir } from "../app.ts";
import { listOutbox, readOutboxMessage } from "../modules/mail/mailer.ts";
import { createMailWorker } from "../modules/mail/outbox.ts";
import { stepOf, totpAt } from "../modules/twofa/totp.ts";
import { TestAgent } from "./agent.ts";
import { REGISTRATION_AGREEMENTS } from "./consent.ts";

export const GOOD_PASSWORD = "lugn och ro i kväll 42";

export function randomIp(): string {
  const part = () => Math.floor(Math.random() * 250) + 1;
  return `10.${part()}.${part()}.${part()}`;
}

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomUUID()}@example.test`;
}

/**
 * Runs the mail worker once, as a server's worker would right after a mail is queued (test apps
 * run no worker of their own): every mail this app queued that is due is delivered (only its
 * own: test files share the database on PostgreSQL).
 */
export async function deliverQueuedMail(app: FastifyInstance): Promise<number> {
  const queued = app.ctx.queuedMail;
  return createMailWorker(app.ctx, queued ? { onlyKeys: () => [...queued] } : {}).tick();
}

/** The newest e-mail to an address, read from DATA_DIR/outbox as a person would (after delivery). */
export async function latestMailTo(app: FastifyInstance, to: string) {
  await deliverQueuedMail(app);
  const dir = outboxDir(app.ctx.env);
  const entry = (await listOutbox(dir)).find((m) => m.to === to);
  const message = entry ? await readOutboxMessage(dir, entry.file) : null;
  if (!message) throw new Error(`no e-mail to ${to}`);
  return message;
}

export async function mailCountTo(app: FastifyInstance, to: string): Promise<number> {
  await deliverQueuedMail(app);
  return (await listOutbox(outboxDir(app.ctx.env))).filter((m) => m.to === to).length;
}

/** The value of a query parameter in the first link of a text that carries it. */
export function linkParam(text: string, name: string): string {
  const match = new RegExp(`https?://\\S+[?&]${name}=([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no link with ${name}= in:\n${text}`);
  return match[1];
}

/** A TOTP code for a secret at the app clock's time, `offset` steps away. */
export function codeFor(app: FastifyInstance, secret: string, offset = 0): string {
  return totpAt(secret, stepOf(app.ctx.clock.now().getTime()) + offset);
}

export interface RegisteredUser {
  agent: TestAgent;
  email: string;
  password: string;
  secret: string;
  recoveryCodes: string[];
}

/** Registration by e-mail through the API, up to a verified session with 2FA enabled. */
export async function registerUser(
  app: FastifyInstance,
  options: { email?: string; password?: string; enable2fa?: boolean; ip?: string } = {},
): Promise<RegisteredUser> {
  // Each registration from its own address, so per-IP limits of one test do not leak into another.
  const agent = new TestAgent(app, options.ip ?? randomIp());
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? GOOD_PASSWORD;
  const start = await agent.post("/api/v1/onboarding/register/email", { email, locale: "sv" });
  if (start.statusCode !== 202) throw new Error(`register: ${start.statusCode} ${start.body}`);
  const code = linkParam((await latestMailTo(app, email)).text, "code");
  const done = await agent.post("/api/v1/onboarding/complete", { code, password, ...REGISTRATION_AGREEMENTS });
  if (done.statusCode !== 201) throw new Error(`complete: ${done.statusCode} ${done.body}`);
  if (options.enable2fa === false) return { agent, email, password, secret: "", recoveryCodes: [] };
  const setup = JSON.parse((await agent.get("/api/v1/twofa/")).body) as { secret: string };
  const enabled = await agent.post("/api/v1/twofa/", { code: codeFor(app, setup.secret) });
  if (enabled.statusCode !== 200) throw new Error(`twofa: ${enabled.statusCode} ${enabled.body}`);
  const { recovery_codes } = JSON.parse(enabled.body) as { recovery_codes: string[] };
  return { agent, email, password, secret: setup.secret, recoveryCodes: recovery_codes };
}
