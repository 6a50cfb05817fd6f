# syntax=docker/dockerfile:1
# Hemline's production image: `docker build -t hemline .` then, for example,
# `docker run --init -p 3000:3000 -v hemline-data:/data -e PUBLIC_URL=https://shop.example.com -e TRUST_PROXY=1 hemline`.
# docs/deploy.md says how to run it; tests/e2e/container-run-stage.http.spec.ts reproduces the run
# stage below (its COPY lines, the install and the CMD) without Docker, so keep them plain.

# ---- build: every dependency (dev ones too), then the production build -----------------------
FROM node:20-bookworm-slim AS build
# better-sqlite3 compiles from source (node-gyp): python3, make and g++. The project's .npmrc points
# node-gyp at Debian's headers (/usr); the official image has them under /usr/local.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN NODE_ENV=production npx remix build

# ---- run: production dependencies, the build, and what the server reads at run time ----------
FROM node:20-bookworm-slim AS run
# MALLOC_ARENA_MAX=2: glibc gives each of libuv's threads (compression, file system) an arena of its
# own, and under load their fragments held ~50 MB more resident memory (bench/results/2026-11-26-issue-27.md).
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2 \
    npm_config_nodedir=/usr/local
WORKDIR /app
COPY package.json package-lock.json ./
# Production dependencies only, better-sqlite3 compiled here against this stage's own Node (never a
# prebuilt binary downloaded at build time); the compilers are removed in the same layer, so the
# image does not keep them. Copying the compiled module from the build stage would save about a
# minute of build time, but would need `npm ci --ignore-scripts` and a second
# copy step that must match the lockfile's better-sqlite3 exactly.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && npm_config_build_from_source=better-sqlite3 npm ci --omit=dev --no-audit --no-fund \
 && npm cache clean --force \
 && apt-get purge -y --auto-remove python3 make g++ \
 && rm -rf /var/lib/apt/lists/* /root/.cache
# The server (plain JavaScript on node), the info pages' copy (read at run time) and the build;
# the sources and scripts too, so an operator runs `npm run backup`, `restore`, `check:production`
# and `migrate:to-firebase` inside the container (tsx, a production dependency, runs them).
COPY scripts ./scripts
COPY app ./app
COPY tsconfig.json ./
COPY content ./content
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
# The SQLite file, uploads, the outbox and the generated session secret live on the volume,
# owned by the unprivileged `node` user of the base image.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# /healthz answers 200 once the store answers and the catalogue index is ready (503 while starting).
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1 (no npm, no shell), so `docker stop`'s SIGTERM reaches the server, which
# closes and exits 0. The heap flags are scripts/node-flags.mjs's (tests/unit/dockerfile.test.ts).
CMD ["node", "--max-old-space-size=512", "--max-semi-space-size=8", "scripts/start.mjs"]
