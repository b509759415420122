# syntax=docker/dockerfile:1
# Production image: build the web app with all dependencies, run it with production ones only.
# The runtime is the official Node 24 image (locally, Node 24 comes from the `node` devDependency).

ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: all dependencies, then the React Router production build --------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /src
ENV CI=true
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- dependencies: production only --------------------------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# ---- runtime ------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    BUILD_DIR=/app/build
WORKDIR /app
# The server runs its TypeScript directly (Node 24 strips types); it needs server/, common/, the
# course content and the build. app/ is only imported for types, so it is not copied.
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
COPY --chown=root:root package.json ./
COPY --chown=root:root server ./server
COPY --chown=root:root common ./common
COPY --chown=root:root content ./content
COPY --from=build --chown=root:root /src/build ./build
# The code is owned by root and read-only for the app user; only DATA_DIR is writable.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
# A young generation of at most 16 MB per semi-space (V8 sizes it from the machine's memory: about
# 100 MB more resident memory at start on a 24 GB host, for no measurable throughput); the same
# flag is in npm start and npm run bench.
CMD ["node", "--max-semi-space-size=16", "server/main.ts"]
