# Multi-stage build: compile with the Rust toolchain, run on a slim Debian as a non-root user.
FROM rust:1-bookworm AS build
WORKDIR /src
# Everything the build reads (the manifest names the benches and the example, so they come too).
COPY Cargo.toml Cargo.lock build.rs ./
COPY src ./src
COPY migrations ./migrations
COPY locales ./locales
COPY config.example.toml ./
COPY benches ./benches
COPY examples ./examples
RUN cargo build --release --locked --bin gin

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin gin \
    && mkdir -p /data && chown gin /data
COPY --from=build /src/target/release/gin /usr/local/bin/gin
COPY config.example.toml /etc/gin/config.example.toml
USER gin
WORKDIR /data
# The ledger lives on this volume; set DISCORD_TOKEN at run time.
VOLUME ["/data"]
ENV DATABASE_URL=sqlite:///data/gin.db
# Reads /data/config.toml when the volume holds one (the default `config.toml` of the working
# folder), the environment alone otherwise.
ENTRYPOINT ["/usr/local/bin/gin"]
