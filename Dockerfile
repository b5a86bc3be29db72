# Multi-stage build: compile with the Rust toolchain, run on a slim Debian as a non-root user.
# Both images are pinned to exact versions: a rebuild builds the same thing.
FROM rust:1.95.0-bookworm AS build
WORKDIR /src
# Everything the build reads (the manifest names the benches and the example, so they come too).
COPY Cargo.toml Cargo.lock ./
COPY src ./src
COPY engine ./engine
COPY migrations ./migrations
COPY locales ./locales
COPY config.example.toml ./
COPY benches ./benches
COPY examples ./examples
# The `dist` profile (Cargo.toml): release without debug info, symbols kept for backtraces.
RUN cargo build --profile dist --locked --bin gin

# The card table's page (the Activity), built with its locked npm packages.
FROM node:20.19.2-bookworm-slim AS page
WORKDIR /page
COPY activity/package.json activity/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY activity/build.mjs activity/tsconfig.json activity/index.html ./
COPY activity/src ./src
RUN npm run build

FROM debian:12.11-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin gin \
    && mkdir -p /data && chown gin /data
COPY --from=build /src/target/dist/gin /usr/local/bin/gin
COPY config.example.toml /etc/gin/config.example.toml
COPY --from=page /page/dist /usr/share/gin/activity
USER gin
WORKDIR /data
# The ledger lives on this volume; set DISCORD_TOKEN at run time.
VOLUME ["/data"]
ENV DATABASE_URL=sqlite:///data/gin.db
# The card table's page; the web table itself is off until GIN_ACTIVITY_ADDR (e.g.
# 0.0.0.0:8080, then publish that port), GIN_CLIENT_ID and GIN_CLIENT_SECRET are set.
ENV GIN_ACTIVITY_DIR=/usr/share/gin/activity
EXPOSE 8080
# Healthy when the bot's /health answers 200 on metrics_addr (GIN_METRICS_ADDR); with the
# metrics off there is nothing to ask, and `--health` says healthy.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["/usr/local/bin/gin", "--health"]
# Reads /data/config.toml when the volume holds one (the default `config.toml` of the working
# folder), the environment alone otherwise.
ENTRYPOINT ["/usr/local/bin/gin"]
