# 天马 — one image for every role: `--role=api`, `--role=worker` or `--role=all` (the default).
#
#   docker build -t tianma .
#   docker run -e APP_SECRET=… -e DATABASE_URL=… … tianma --role=api
#
# docker-compose.yml builds it and runs two API and two worker processes from it, with the
# settings of deploy/.env. The image runs the compiled server (apps/server/dist, `npm run build`)
# on production dependencies only: no TypeScript, no tsx, no Vite (docs/decisions/043-production-build.md).

# The current Node LTS (24, "Krypton"); the server also runs on Node 20.19+.
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- base: Node and the npm that wrote package-lock.json ---------------------------------------
FROM ${NODE_IMAGE} AS base
WORKDIR /app
# A mirror can be given at build time (docker build --build-arg NPM_REGISTRY=https://…/).
ARG NPM_REGISTRY=https://registry.npmjs.org/
# package-lock.json is written by npm 11.19; an older npm may read it as out of sync, and `npm ci`
# then refuses.
ARG NPM_VERSION=11.19.1
RUN npm install -g "npm@$NPM_VERSION" --registry="$NPM_REGISTRY" --no-audit --no-fund
ENV npm_config_registry=$NPM_REGISTRY
# The manifests first, so that the dependency layers are rebuilt only when they change.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/

# ---- build: every dependency, then the server (tsc) and the web app (Vite) ---------------------
FROM base AS build
# --ignore-scripts: nothing here needs an install script. Native modules (@napi-rs/canvas, argon2,
# jieba, esbuild, rolldown) come as prebuilt platform packages; esbuild's postinstall only
# optimises its CLI, @alicloud/openapi-core's only acts on Node 10/12, msgpackr-extract is optional.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
# apps/server/dist (with its compiled copy of @tianma/shared) and apps/web/dist.
RUN npm run build

# ---- production: the runtime dependencies of the server and what the build made ----------------
FROM base AS production
# Only the server's and the shared package's dependencies, without devDependencies: the web app's
# libraries are inside its built bundle, and the root package has only development tools.
# (npm's cache stays in this stage: the runtime copies /app only.)
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund --workspace apps/server --workspace packages/shared
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# The migrations every process applies at start (apps/server/src/platform/db/migrate.ts).
COPY apps/server/drizzle apps/server/drizzle
# The CJK font package ships nine weights (~95 MB); the server draws with two (~21 MB).
COPY scripts/prune-font-package.mjs scripts/
RUN node scripts/prune-font-package.mjs && rm -r scripts

# ---- runtime ----------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime

# NODE_ENV=production turns on the production rules of apps/server/src/config/env.ts: the server
# refuses to start without APP_SECRET, or with the sandbox payment, the dev outbox or the offline
# composer unless ALLOW_SANDBOX_PAYMENT / ALLOW_DEV_OUTBOX / ALLOW_OFFLINE_COMPOSER say so.
# DATA_DIR is only written to when DATABASE_URL or STORAGE_DRIVER=s3 is missing.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data

WORKDIR /app
# The Chinese font of the image cards and the Xiaohongshu export comes with the server's npm
# dependencies: no system package is installed.
COPY --from=production /app ./
RUN mkdir -p /data && chown node:node /data

# The image's unprivileged user (uid 1000); the application files stay owned by root.
USER node
EXPOSE 3000

# Liveness of an API process (or --role=all). A worker (--role=worker) serves no API: it answers
# /healthz on WORKER_METRICS_PORT when that is set, and its container needs a check on that port
# instead (docker-compose.yml has one), or none.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# Node itself is the main process (not npm), so SIGTERM reaches the server's own clean shutdown.
# The role is the command: `docker run tianma --role=worker`, `command: ["--role=api"]`.
# The billing tools: `docker compose exec api-1 node apps/server/dist/billing/cli/reconcile.js`.
# NOTE: --max-semi-space-size=16 keeps Node 20's young generation. Node 24 sizes it from the
# machine's memory: on a 23 GB host an idle api process sat at ~420 MB RSS instead of ~245 MB, its
# heap mostly garbage not yet collected (docs/benchmarks.md, "Production build").
ENTRYPOINT ["node", "--max-semi-space-size=16", "apps/server/dist/main.js"]
CMD ["--role=all"]
