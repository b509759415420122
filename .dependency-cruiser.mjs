/**
 * The import rules of the layers (docs/architecture.md, "Layers and import directions"), checked
 * by `npm run lint` and `npm test` (`depcruise --config .dependency-cruiser.mjs app common server scripts tests`).
 * Type-only imports count: the graph is read before TypeScript erases them (tsPreCompilationDeps).
 * scripts/dependency-rules.test.ts proves that a planted circle and a planted wrong-direction import fail.
 */

/** Test files (*.test.ts, *.test.tsx, and *.pg.test.ts and the like). */
const TESTS = "(^|/)[^/]+\\.test\\.tsx?$";

/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "No import circles: each module can be read (and changed) after the ones it imports.",
      from: {},
      to: { circular: true },
    },
    {
      name: "common-imports-neither-half",
      severity: "error",
      comment:
        "common/ is shared by the server and the browser (the contract, schemas, rules): it imports neither server/ nor app/.",
      from: { path: "^common/" },
      to: { path: "^(server|app)/" },
    },
    {
      name: "server-not-to-app",
      severity: "error",
      comment:
        "server/ never imports app/: what both need is in common/ (common/contract/ for the SSR transport and request context).",
      from: { path: "^server/" },
      to: { path: "^app/" },
    },
    {
      name: "app-not-to-server",
      severity: "error",
      comment:
        "app/ never imports server/ (the browser build must not pull server code in). Only tests of the API client may start the real API through the test harness (server/testing/).",
      from: { path: "^app/", pathNot: TESTS },
      to: { path: "^server/" },
    },
    {
      name: "app-tests-only-to-server-testing",
      severity: "error",
      comment:
        "A test under app/ reaches the server only through the test harness (server/testing/).",
      from: { path: `^app/.*${TESTS}` },
      to: { path: "^server/", pathNot: "^server/testing/" },
    },
    {
      name: "modules-not-to-endpoints-or-plugins",
      severity: "error",
      comment:
        "Services (server/modules/) never import endpoints (server/api/) or the Fastify plugins (server/plugins/): those call services, not the other way round.",
      from: { path: "^server/modules/" },
      to: { path: "^server/(api|plugins)/" },
    },
    {
      name: "modules-not-to-composition",
      severity: "error",
      comment:
        "Services never import the files that assemble the server (app.ts, web.ts, main.ts, dev.ts, dev-routes.ts); their tests may build the app.",
      from: { path: "^server/modules/", pathNot: TESTS },
      to: { path: "^server/(app|web|main|dev|dev-routes)\\.ts$" },
    },
    {
      name: "db-is-the-bottom",
      severity: "error",
      comment:
        "server/db/ (the schema and the connection) imports no services, endpoints or plugins.",
      from: { path: "^server/db/" },
      to: { path: "^server/(modules|api|plugins)/" },
    },
    {
      name: "modules-without-fastify",
      severity: "error",
      comment:
        "Services know nothing of HTTP (issue 18): they take plain data (lib/client-info.ts) and return what must happen to the session (modules/sessions/session-effects.ts); endpoints and plugins translate. Their tests build the app through server/testing (TestApp), not fastify.",
      from: { path: "^server/modules/" },
      // node_modules may be a link: the resolved path can be ../…/node_modules/fastify/…
      to: { path: "(^|/)node_modules/(fastify|fastify-plugin|@fastify/[^/]+)/" },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    // node_modules stays in the graph as leaves (doNotFollow): the fastify rule needs to see it.
    exclude: { path: "^(build|data|coverage|\\.react-router|\\.tmp)/" },
    cache: false,
  },
};
