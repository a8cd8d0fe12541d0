# Production image: one stateless app process; run several behind a load balancer on one PostgreSQL.
# Run with at least DATABASE_URL, SMTP_URL, PUBLIC_URL (https) and RELEASE_LINK_SECRET set: production refuses to start
# without them.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# The client into dist/client and the server compiled into dist-server (decision 055); then only runtime packages stay.
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
# The partner report PDF prints titles and venues in any script with these (src/server/features/analytics/pdf-fonts.ts).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core fonts-noto-cjk \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production PORT=5000 HOST=0.0.0.0
COPY --from=build /app /app
USER node
EXPOSE 5000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Compiled JavaScript, no TypeScript loader. The CLI likewise: docker exec <container> node dist-server/cli.js members list
CMD ["node", "--enable-source-maps", "dist-server/main.js"]
