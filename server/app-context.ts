import type { Locale } from "../common/i18n/locales.ts";
import type { Clock } from "./lib/clock.ts";
import type { RenderCache } from "./lib/render-cache.ts";
import type { InFlight } from "./lib/in-flight.ts";
import type { Database, Db } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { FieldCipher } from "./lib/field-encryption.ts";
import type { BankIdRpClient } from "./modules/bankid/rp-client.ts";
import type { ServiceHealth } from "./lib/service-health.ts";
import type { Mailer } from "./modules/mail/mailer.ts";
import type { SessionInfo } from "./modules/sessions/session-types.ts";
import type { Throttle, ThrottlePolicies } from "./modules/throttle/throttle.ts";

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
  /** Delivers one e-mail; services queue mail through the outbox (modules/mail/outbox.ts) instead. */
  mailer: Mailer;
  /** Asks this process's job worker for a pass now (a mail was queued); does nothing without one. */
  wakeWorker: () => void;
  /**
   * Test apps only: the keys of the mail jobs this app queued, so that a test delivers its own
   * mail and never another test file's on a shared database (testing/accounts.ts).
   */
  queuedMail?: Set<string>;
  throttle: Throttle;
  /** Outside services that are away or failing (Redis, the mail relay, BankID), for /readyz and /metrics. */
  services: ServiceHealth;
  policies: ThrottlePolicies;
  /** BankID RP API v6 client: the live service, or the simulator on loopback. */
  bankid: BankIdRpClient;
}

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
    /** Requests being worked on; the server's close waits for them (server/lib/in-flight.ts). */
    inFlight: InFlight;
    /** Visitors' rendered pages (server/lib/render-cache.ts), when the web face keeps them. */
    renderCache?: RenderCache;
    /** Documents rendered by this process, by renderer (ADR 028), when the web face renders pages. */
    documentRenders?: Record<"string" | "stream", number>;
  }
  interface FastifyRequest {
    session: SessionInfo | null;
    /** The raw session cookie value of this request, when one was sent and is valid. */
    sessionCookie: string | null;
    /**
     * A well-formed session cookie not yet looked up: the route's endpoint reads the session in its
     * own statement (api/endpoint.ts `sessionJoined`); null otherwise.
     */
    deferredSession: string | null;
    cspNonce: string;
    /** The language of the response, from Accept-Language (plugins/language.ts). */
    locale: Locale;
    /**
     * Ends this request's count in app.inFlight: on the response, or when the handler is done
     * (a client that went away gets no response, but its handler still runs to the end).
     */
    endInFlight: (() => void) | null;
  }
}
