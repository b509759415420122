import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";
import { sessionCookieName } from "../../../modules/sessions/session-service.ts";
import { buildOpenApiDocument } from "../../openapi.ts";

/** GET /openapi.json — the OpenAPI 3.1 document generated from the same zod schemas. */
export const getOpenApi = defineEndpoint({
  method: "GET",
  url: "/openapi.json",
  summary: "This API's OpenAPI document",
  tags: ["meta"],
  auth: "public",
  response: z.record(z.string(), z.unknown()),
  async handler({ req }) {
    // Imported lazily: the endpoint list imports this file.
    const { endpoints } = await import("../../endpoints.ts");
    return buildOpenApiDocument(endpoints, sessionCookieName(req.server.ctx.env));
  },
});
