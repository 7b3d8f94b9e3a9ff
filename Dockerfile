# syntax=docker/dockerfile:1
# One image, two processes: the api (default CMD) and the worker (override the command).
# Debian slim, not alpine: sharp ships prebuilt binaries for linux-x64 glibc only.
ARG NODE_IMAGE=node:20.20.2-bookworm-slim

# ---- build: full dependency tree, compile server (swc) and SPA (vite) ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Manifests first so the dependency layer is reused while only source changes.
COPY package.json package-lock.json ./
COPY frontend/package.json frontend/package.json
# --ignore-scripts: the build needs no install script (swc, rolldown and sharp come as
# prebuilt optional packages); this also matches npm 11's allowScripts default here.
# `npm install`, not `npm ci`: the lockfile is generated where the registry lacks other
# platforms' optional binaries, which `npm ci` refuses; the locked versions are still used.
# The npm cache is a build cache, not a layer: both stages and later builds reuse the downloads.
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm install --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

# ---- prod-deps: runtime dependencies only, without the compilers and test tools ----
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY frontend/package.json frontend/package.json
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm install --omit=dev --ignore-scripts --no-audit --no-fund

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    WORKER_HEALTH_PORT=9464 \
    UPLOAD_DIR=/data/uploads \
    FRONTEND_DIST=/app/frontend/dist
WORKDIR /app
# The official image's unprivileged "node" user is uid/gid 1000; k8s runAsUser relies on it.
COPY --from=prod-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/package.json ./package.json
COPY --from=build --chown=root:root /app/dist ./dist
COPY --from=build --chown=root:root /app/frontend/dist ./frontend/dist
# Code stays root-owned (read-only to the app); only the uploads mount point belongs to node,
# so a fresh named volume inherits that ownership.
RUN mkdir -p /data/uploads && chown node:node /data/uploads
USER node
EXPOSE 3000 9464
# No curl in slim: node's fetch does the probe. HEALTHCHECK_PORT lets the worker point it
# at WORKER_HEALTH_PORT; Kubernetes ignores this and uses its own probes.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.HEALTHCHECK_PORT||process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node runs as PID 1 without an init: the app installs its own SIGTERM handler (graceful
# drain) and spawns no children, so there are no zombies to reap.
CMD ["node", "dist/apps/api/src/main.js"]
