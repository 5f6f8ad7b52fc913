# One image for the whole site: `docker build -t forge-site .`
# The build stage runs the same `npm ci` and `npm run build` as docs/development.md; the final stage installs
# only the production dependencies beside the build, and runs as the unprivileged `node` user.
# Packages are downloaded once: both stages' `npm ci` share one npm cache (a BuildKit cache mount, kept
# by Docker between builds and never part of the image), and the final stage's reads it offline-first.
# Nothing compiles, so neither stage needs python3, make or g++: better-sqlite3 loads the prebuilt
# binary in its package (its install script is denied in package.json's allowScripts).
# test/platform/image-final-stage.test.ts runs this final stage without Docker.
#
# The base image is pinned by digest (node:24-bookworm-slim as published for Node 24.18.0), so a build
# gets the same system and Node until the pin is changed on purpose. To update it (a new Node 24 patch,
# Debian security fixes), on a machine with Docker:
#   docker buildx imagetools inspect node:24-bookworm-slim --format '{{json .Manifest.Digest}}'
# and put the digest it prints in both FROM lines (the major stays the one in package.json's engines).
FROM node:24-bookworm-slim@sha256:6f7b03f7c2c8e2e784dcf9295400527b9b1270fd37b7e9a7285cf83b6951452d AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN --mount=type=cache,id=forge-npm,target=/root/.npm npm ci --prefer-offline --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim@sha256:6f7b03f7c2c8e2e784dcf9295400527b9b1270fd37b7e9a7285cf83b6951452d
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
# restic (Debian's) copies the files off the machine, over SFTP with OpenSSH's client; Litestream, for the
# database, is the binary inside the npm package @flydotio/litestream-linux-x64 (docs/backup.md).
RUN apt-get update && apt-get install -y --no-install-recommends restic openssh-client ca-certificates \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN --mount=type=cache,id=forge-npm,target=/root/.npm npm ci --omit=dev --prefer-offline --no-audit --no-fund
# dist is a symlink to the build's folder (build/<id>/); COPY follows it, so the image has a plain dist/.
COPY --from=build /app/dist ./dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
VOLUME ["/app/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Memory held flat, as in `npm start` (docs/deploy.md, "Memory"): V8's young generation capped at 4 MB a
# semi-space, its old generation grown by 20 % over what a collection kept, gc() for the collection once
# the site is quiet; and glibc's malloc arenas at two (MALLOC_ARENA_MAX, above).
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=20", "--expose-gc", "dist/node/server/main.js"]
