import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import type { z } from "zod";
import type { Env } from "../env.ts";
import { rpAuthRequest, rpOrderRefRequest, rpSignRequest } from "../modules/bankid/rp-schemas.ts";
import { SimError, simCancel, simCollect, simStartOrder, type SimDeps } from "../modules/bankid/simulator/simulator.ts";

export const SIM_API_PATH = "/rp/v6.0";

export interface RunningSimulator {
  /** The RP API base URL the client is given, e.g. http://127.0.0.1:41234/rp/v6.0. */
  baseUrl: string;
  close(): Promise<void>;
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    const fields = result.error.issues.map((issue) => issue.path.join(".") || "body").join(", ");
    throw new SimError("invalidParameters", 400, `Invalid parameters: ${fields}`);
  }
  return result.data;
}

/** The RP API v6 routes, answering as BankID does (JSON bodies, `{errorCode, details}` on errors). */
export function simulatorRoutes(app: FastifyInstance, deps: SimDeps): void {
  app.setErrorHandler((error, _req, reply: FastifyReply) => {
    if (error instanceof SimError) return reply.code(error.status).send({ errorCode: error.errorCode, details: error.message });
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 415) return reply.code(415).send({ errorCode: "unsupportedMediaType", details: "Use application/json" });
    if (status >= 400 && status < 500) return reply.code(400).send({ errorCode: "invalidParameters", details: "Invalid JSON" });
    return reply.code(500).send({ errorCode: "internalError", details: "Simulator error" });
  });
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ errorCode: "notFound", details: "No such endpoint" }));
  app.post(`${SIM_API_PATH}/auth`, async (req) => simStartOrder(deps, "auth", parse(rpAuthRequest, req.body)));
  app.post(`${SIM_API_PATH}/sign`, async (req) => simStartOrder(deps, "sign", parse(rpSignRequest, req.body)));
  app.post(`${SIM_API_PATH}/collect`, async (req) => simCollect(deps, parse(rpOrderRefRequest, req.body).orderRef));
  app.post(`${SIM_API_PATH}/cancel`, async (req) => {
    await simCancel(deps, parse(rpOrderRefRequest, req.body).orderRef);
    return {};
  });
}

/**
 * Starts the simulator on loopback (its own Fastify instance and port, state in the database).
 * Refused in production whatever the configuration says.
 */
export async function startBankIdSimulator(env: Env, deps: SimDeps): Promise<RunningSimulator> {
  if (env.isProduction) throw new Error("The BankID simulator is refused when NODE_ENV=production");
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  app.removeContentTypeParser(["text/plain"]);
  simulatorRoutes(app, deps);
  await app.listen({ host: "127.0.0.1", port: env.BANKID_SIMULATOR_PORT });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("simulator address unknown");
  return { baseUrl: `http://127.0.0.1:${address.port}${SIM_API_PATH}`, close: () => app.close() };
}
