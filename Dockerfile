# The ledger service image (docker-compose.yml). better-sqlite3 builds from source here too.
FROM node:20-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY bench ./bench
COPY bin ./bin
COPY scripts ./scripts
RUN npm ci && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
EXPOSE 3000
CMD ["node", "dist/bundle/cli/main.js", "serve"]
