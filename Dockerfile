# The ledger service image (docker-compose.yml). better-sqlite3 builds from source here too.
FROM node:20-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY bench ./bench
COPY bin ./bin
RUN npm ci && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
EXPOSE 3000
# A young generation of 32 MiB semi-spaces: a rebuild keeps tens of MB of state and answers,
# and the default 16 MiB made the collector copy much of it twice (bench/RESULTS.md).
CMD ["node", "--max-semi-space-size=32", "dist/src/cli/main.js", "serve"]
