/** The part of a logger (Fastify's pino logger) that background jobs in services use. */
export interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
