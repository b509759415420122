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
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    BUILD_DIR=/app/build
WORKDIR /app
# The server runs its bundle (build/server-app, ADR 024); it reads its migrations, the common
# password list and the message files from server/ and common/, and the course content.
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
# The V8 limits and malloc's arenas as in npm start and npm run bench (scripts/node-flags.ts; the
# evidence is in docs/benchmarks.md, "Memory").
CMD ["node", "--max-semi-space-size=8", "--max-old-space-size=160", "--expose-gc", "build/server-app/main.js"]
