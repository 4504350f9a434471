# One image for the server and the worker. docker compose up runs redis, server and worker.
FROM node:20-bookworm-slim
WORKDIR /app
# Debian's Chromium: the cloud sessions' render worker drives it (docs/decisions/037);
# Mesa's EGL and llvmpipe: its WebGL with no GPU (infra/chromium.ts, docs/decisions/044);
# espeak-ng: the studio's voice (docs/decisions/040)
RUN apt-get update && apt-get install -y --no-install-recommends chromium libegl-mesa0 libgl1-mesa-dri \
  fonts-dejavu-core espeak-ng \
  && rm -rf /var/lib/apt/lists/*
ENV CHROMIUM_PATH=/usr/bin/chromium
COPY package.json package-lock.json ./
COPY prisma ./prisma
COPY prisma.config.ts ./
# what postinstall runs: the PostgreSQL schema derived from the SQLite one, then both clients
COPY scripts/pg-schema.ts ./scripts/
COPY infra/pg-tooling.ts ./infra/
RUN npm ci
COPY . .
RUN npx vite build && node -e "require('fs').writeFileSync('web/dist/.build-hash','image')"
# the PC client packages of /download (clients/dist), stamped with their sources' hash
RUN npm run clients
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data SKIP_WEB_BUILD=1 SKIP_CLIENTS_BUILD=1
EXPOSE 3000
CMD ["npm", "start"]
