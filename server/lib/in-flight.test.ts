import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { registerUser } from "../testing/accounts.ts";
import { createTestApp, csrfPair } from "../testing/test-app.ts";
import { InFlight } from "./in-flight.ts";

describe("InFlight", () => {
  it("counts begun requests, ends each once, and wakes waiters when the last ends", async () => {
    const inFlight = new InFlight();
    expect(await inFlight.idle(10)).toBe(true);
    const first = inFlight.begin();
    const second = inFlight.begin();
    expect(inFlight.size).toBe(2);
    const waiting = inFlight.idle(5_000);
    first();
    first();
    expect(inFlight.size).toBe(1);
    second();
    expect(await waiting).toBe(true);
    expect(inFlight.size).toBe(0);
  });

  it("gives up waiting after the timeout", async () => {
    const inFlight = new InFlight();
    inFlight.begin();
    expect(await inFlight.idle(20)).toBe(false);
    expect(inFlight.size).toBe(1);
  });
});

describe("closing the server", () => {
  it("waits for a login whose client went away before the database work is cut off", async () => {
    const app = await createTestApp();
    const user = await registerUser(app);
    // The login's last database write comes late, as when hashing is slow under load.
    let finished = false;
    const reserveGuess = app.ctx.throttle.reserveGuess.bind(app.ctx.throttle);
    app.ctx.throttle.reserveGuess = async (...args: Parameters<typeof reserveGuess>) => {
      const attempt = await reserveGuess(...args);
      return {
        succeeded: async () => {
          await new Promise((r) => setTimeout(r, 400));
          await attempt.succeeded();
          finished = true;
        },
      };
    };
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const { cookie, token } = csrfPair();
    const body = JSON.stringify({ email: user.email, password: user.password });
    const client = request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/api/v1/login/email",
      headers: { cookie, "x-csrftoken": token, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
    });
    client.on("error", () => undefined);
    client.end(body);
    // The login is being worked on (password hashing takes a while); then its client leaves.
    const started = Date.now();
    while (app.inFlight.size === 0 && Date.now() - started < 5_000) await new Promise((r) => setTimeout(r, 2));
    expect(app.inFlight.size).toBe(1);
    client.destroy();
    await app.close();
    expect(finished).toBe(true);
    // Fastify's close alone resolves once the socket is gone; ours also waits for the handler.
    expect(app.inFlight.size).toBe(0);
    // Registration hashes passwords: slow beside other test files.
  }, 60_000);
});
