# rein in a container: Node 20, git and ripgrep, rein built from this repository, running as the unprivileged
# `node` user. Build: docker build -t rein . ; run: docker run --rm -e ANTHROPIC_API_KEY -v "$PWD:/work" rein -p "task"
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
# No install scripts: rein needs none (its shell parser is WebAssembly, ripgrep comes as a platform package).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --ignore-scripts

FROM node:20-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends git ripgrep ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /opt/rein
COPY --from=build /src/package.json ./
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/dist ./dist
COPY action/runRein.mjs ./action/
COPY deploy/run-task.mjs ./deploy/
RUN ln -s /opt/rein/dist/cli.js /usr/local/bin/rein \
 && mkdir -p /work && chown node:node /work
ENV REIN_HOME=/home/node/.rein
USER node
WORKDIR /work
ENTRYPOINT ["rein"]
