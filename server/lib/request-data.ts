import type { FastifyRequest } from "fastify";
import type { ClientInfo } from "./client-info.ts";

/** The plain client data services take (lib/client-info.ts), read from a Fastify request. */
export function clientInfo(req: FastifyRequest): ClientInfo {
  return {
    ip: req.ip,
    userAgent: req.headers["user-agent"],
    get origin() {
      return `${req.protocol}://${req.host}`;
    },
  };
}

/** A visitor's onboarding token, sent in the `token` header; null when absent or empty. */
export function onboardingTokenOf(req: FastifyRequest): string | null {
  const value = req.headers.token;
  return typeof value === "string" && value !== "" ? value : null;
}
