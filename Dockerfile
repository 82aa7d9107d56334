# 天马 — one image for every role: `--role=api`, `--role=worker` or `--role=all` (the default).
#
#   docker build -t tianma .
#   docker run -e APP_SECRET=… -e DATABASE_URL=… … tianma --role=api
#
# docker-compose.yml builds it and runs two API and two worker processes from it, with the
# settings of deploy/.env.

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: dependencies and the web app ---------------------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app

# A mirror can be given at build time (docker build --build-arg NPM_REGISTRY=https://…/).
ARG NPM_REGISTRY=https://registry.npmjs.org/
# package-lock.json is written by npm 11: the npm 10 that comes with Node 20 reports it out of
# sync (Missing: esbuild@0.28.2 from lock file) and `npm ci` refuses. The build stage uses npm 11.
ARG NPM_VERSION=11.19.1
RUN npm install -g "npm@$NPM_VERSION" --registry="$NPM_REGISTRY" --no-audit --no-fund

# The manifests first, so that the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/

# --ignore-scripts: nothing here needs an install script. Native modules (@napi-rs/canvas,
# argon2, jieba, esbuild, rolldown) come as prebuilt platform packages; esbuild's postinstall
# only optimises its CLI, @alicloud/openapi-core's only acts on Node 10/12, msgpackr-extract is
# optional. The development dependencies stay: the server runs its TypeScript through tsx.
RUN npm ci --ignore-scripts --no-audit --no-fund --registry="$NPM_REGISTRY"

COPY . .
# Vite build of apps/web into apps/web/dist, which the API process serves.
RUN npm run build

# ---- runtime ----------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime

# The built-in cover and section cards and the exports draw Chinese text: they need a CJK font
# (the card renderer looks for /usr/share/fonts/opentype/noto/NotoSansCJK-*.ttc).
RUN apt-get update \
 && apt-get install -y --no-install-recommends fonts-noto-cjk \
 && rm -rf /var/lib/apt/lists/*

# NODE_ENV=production turns on the production rules of apps/server/src/config/env.ts: the server
# refuses to start without APP_SECRET, or with the sandbox payment, the dev outbox or the offline
# composer unless ALLOW_SANDBOX_PAYMENT / ALLOW_DEV_OUTBOX / ALLOW_OFFLINE_COMPOSER say so.
# DATA_DIR is only written to when DATABASE_URL or STORAGE_DRIVER=s3 is missing.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data

WORKDIR /app
COPY --from=build /app ./
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
ENTRYPOINT ["node", "--import", "tsx", "apps/server/src/main.ts"]
CMD ["--role=all"]
