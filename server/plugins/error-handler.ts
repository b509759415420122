import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { allowedMethods } from "../api/endpoint.ts";
import { isDeletedUserReference } from "../db/unique-violation.ts";
import { AppError } from "../lib/app-error.ts";
import { errorBody } from "../lib/response-language.ts";


/** Maps Fastify's own errors (body parsing, limits) to AppErrors. */
function fromFastifyError(error: FastifyError): AppError | null {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new AppError("request.body_too_large");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new AppError("request.unsupported_media_type");
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return new AppError("request.malformed_json");
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new AppError("request.invalid");
    default:
      break;
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return new AppError("request.malformed_json");
  }
  if (error.statusCode === 415) return new AppError("request.unsupported_media_type");
  if (error.statusCode === 413) return new AppError("request.body_too_large");
  return null;
}

/** The error in the request's language (plugins/language.ts): `detail` localized, `code` as is. */
function send(reply: FastifyReply, error: AppError) {
  if (error.headers) reply.headers(error.headers);
  reply.header("Cache-Control", "no-store");
  return reply.code(error.status).type("application/json; charset=utf-8").send(errorBody(error, reply.request.locale));
}

/** One error handler: `{detail, code, fields?}`; 4xx are not logged as errors; no stack traces. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const appError = error instanceof AppError ? error : fromFastifyError(error);
    if (appError) {
      if (appError.status >= 500) req.log.error({ err: error }, "request failed");
      else req.log.info({ code: appError.code, status: appError.status }, "request refused");
      return send(reply, appError);
    }
    // The account was deleted (or a consent withdrawn) by another request of the same person while
    // this one ran, and its write named the user that is gone: answered as the next request will
    // be, with the session gone (server/security/concurrent-deletion.pg.test.ts). Nothing of it
    // outlives the account: the foreign keys refused this write and cascaded the earlier ones.
    if (req.session && isDeletedUserReference(error, req.session.userId)) {
      req.log.info({ code: "auth.not_authenticated", status: 401 }, "request refused: the account was deleted meanwhile");
      return send(reply, new AppError("auth.not_authenticated"));
    }
    if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
      req.log.info({ code: error.code, status: error.statusCode }, "request refused");
      return send(reply, new AppError("request.invalid"));
    }
    req.log.error({ err: error }, "unhandled error");
    return send(reply, new AppError("server.error"));
  });

  app.setNotFoundHandler(async (req, reply) => {
    const allow = allowedMethods(app, req.url.split("?")[0] ?? req.url);
    if (allow.length > 0 && !allow.includes(req.method)) {
      return send(
        reply,
        new AppError("request.method_not_allowed", {
          reason: "use_method",
          params: { methods: allow.join(", ") },
          headers: { Allow: allow.join(", ") },
        }),
      );
    }
    return send(reply, new AppError("request.not_found"));
  });
});
