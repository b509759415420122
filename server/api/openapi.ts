import { z } from "zod";
import { errorResponseSchema } from "../../common/schemas/error.ts";
import { API_PREFIX, type Endpoint } from "./endpoint.ts";

function jsonSchema(schema: z.ZodType, io: "input" | "output"): unknown {
  return z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" });
}

function openApiPath(url: string): string {
  return `${API_PREFIX}${url}`.replace(/:([A-Za-z_]+)/g, "{$1}");
}

export function buildOpenApiDocument(endpoints: readonly Endpoint[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorContent = { "application/json": { schema: jsonSchema(errorResponseSchema, "output") } };
  for (const e of endpoints) {
    const path = openApiPath(e.url);
    const responses: Record<string, unknown> = {
      [String(e.status ?? 200)]: {
        description: "Success",
        content: { "application/json": { schema: jsonSchema(e.response, "output") } },
      },
      "400": { description: "Invalid input", content: errorContent },
      "429": { description: "Too many requests", content: errorContent },
    };
    if (e.auth !== "public") {
      responses["401"] = { description: "Not logged in", content: errorContent };
      responses["403"] = { description: "Not allowed", content: errorContent };
    }
    if (e.method !== "GET") responses["403"] = { description: "CSRF failure or not allowed", content: errorContent };
    for (const status of e.errors ?? []) {
      responses[String(status)] ??= { description: "Error", content: errorContent };
    }
    const parameters: unknown[] = [];
    for (const match of e.url.matchAll(/:([A-Za-z_]+)/g)) {
      parameters.push({ name: match[1], in: "path", required: true, schema: { type: "string" } });
    }
    paths[path] ??= {};
    paths[path][e.method.toLowerCase()] = {
      summary: e.summary,
      tags: e.tags ?? [],
      parameters,
      ...(e.method !== "GET"
        ? { security: [{ csrf: [] }] }
        : {}),
      ...(e.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: jsonSchema(e.body, "input") } },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "KBT self-help API", version: "1" },
    components: {
      securitySchemes: {
        csrf: { type: "apiKey", in: "header", name: "X-CSRFToken" },
        session: { type: "apiKey", in: "cookie", name: "sessionid" },
      },
    },
    paths,
  };
}
