# Mailwright production image. The build stage's RUN commands and the CMD are the ones
# test/e2e/production-build.test.ts runs (it fails when they drift apart), since CI has no Docker.
#   docker build -t mailwright .
#   docker run -p 3000:3000 -v mailwright-data:/data mailwright     # embedded: SQLite in /data
# Scaled out on PostgreSQL: compose.yaml and docs/scaling.md.

FROM node:20-bookworm AS build
WORKDIR /app
# The npm CI uses: npm 10 (node:20's) ignores package.json "allowScripts" and would run the
# download that free-email-domains' postinstall does (its list ships in the package).
RUN npm install -g npm@11.19.1
COPY package.json package-lock.json ./
# better-sqlite3 compiles here (python3, make and g++ are in this image).
RUN npm ci
COPY . .
RUN npm run build
RUN npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
CMD ["node","dist/main.js","serve"]
