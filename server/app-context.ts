import type { InFlight } from "./lib/in-flight.ts";
import type { Database, Db } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { FieldCipher } from "./lib/field-encryption.ts";
import type { BankIdRpClient } from "./modules/bankid/rp-client.ts";
import type { Mailer } from "./modules/mail/mailer.ts";
import type { SessionInfo } from "./modules/sessions/session-types.ts";
import type { Throttle, ThrottlePolicies } from "./modules/throttle/throttle.ts";

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** What every endpoint and service can reach; one per process. */
export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  clock: Clock;
  /** The Vite dev server runs in this process. */
  devServer: boolean;
  /** AES-256-GCM field encryption with the configured keys. */
  cipher: FieldCipher;
  mailer: Mailer;
  throttle: Throttle;
  policies: ThrottlePolicies;
  /** BankID RP API v6 client: the live service, or the simulator on loopback. */
  bankid: BankIdRpClient;
}

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
    /** Requests being worked on; the server's close waits for them (server/lib/in-flight.ts). */
    inFlight: InFlight;
  }
  interface FastifyRequest {
    session: SessionInfo | null;
    /** The raw session cookie value of this request, when one was sent and is valid. */
    sessionCookie: string | null;
    cspNonce: string;
    /**
     * Ends this request's count in app.inFlight: on the response, or when the handler is done
     * (a client that went away gets no response, but its handler still runs to the end).
     */
    endInFlight: (() => void) | null;
  }
}
