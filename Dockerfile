# Build: Rust and Node together, because build.rs runs the frontend build
# (Vite, Tailwind) and rust-embed bakes its output into the one executable.
FROM node:20-bookworm-slim AS node

FROM rust:1.95-bookworm AS build
COPY --from=node /usr/local/bin/node /usr/local/bin/node
COPY --from=node /usr/local/lib/node_modules /usr/local/lib/node_modules
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && npm install -g npm@11 --no-audit --no-fund
WORKDIR /src
COPY . .
RUN cargo build --release --locked \
 && install -d -m 0700 -o 65532 -g 65532 /empty-data

# Run: only the binary, as a non-root user, with the data directory as a volume
# (database, settings, photos, backups, and acme/ with the certificate). The image
# carries the CA certificates that talking to Let's Encrypt needs. With
# THEWELL_DOMAIN set it serves HTTPS on 443 and answers port 80 (Docker lets a
# non-root user bind them); without, plain HTTP on 8080 for a proxy in front.
FROM gcr.io/distroless/cc-debian12:nonroot
COPY --from=build /src/target/release/thewell /usr/local/bin/thewell
COPY --from=build --chown=65532:65532 /empty-data /data
USER nonroot
ENV THEWELL_ADDR=0.0.0.0:8080 \
    THEWELL_DATA_DIR=/data
VOLUME /data
EXPOSE 8080 80 443
ENTRYPOINT ["/usr/local/bin/thewell"]
CMD ["serve"]
