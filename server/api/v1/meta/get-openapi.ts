import { z } from "zod";
import { defineEndpoint, type Endpoint } from "../../endpoint.ts";
import { sessionCookieName } from "../../../modules/sessions/session-service.ts";
import { buildOpenApiDocument } from "../../openapi.ts";

/**
 * GET /openapi.json — the OpenAPI 3.1 document generated from the same zod schemas. The document
 * describes the endpoint list it is given (read when the document is asked for, as the list
 * holds this endpoint too); this file never imports the list.
 */
export function getOpenApi(endpoints: () => readonly Endpoint[]) {
  return defineEndpoint({
    method: "GET",
    url: "/openapi.json",
    summary: "This API's OpenAPI document",
    tags: ["meta"],
    auth: "public",
    response: z.record(z.string(), z.unknown()),
    async handler({ req }) {
      return buildOpenApiDocument(endpoints(), sessionCookieName(req.server.ctx.env));
    },
  });
}
