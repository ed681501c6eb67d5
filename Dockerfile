# Tindal: a static binary on distroless (CA certificates, tzdata, non-root).
#   docker build -t tindal .
#   docker run tindal            # serve
#   docker run tindal migrate up # any other subcommand

FROM golang:1.26-bookworm AS build
# Build with 1.27.3: 1.26.x has reachable standard-library vulnerabilities.
ENV GOTOOLCHAIN=go1.27.3
# The build cache in a folder of its own, mounted as a cache below.
ENV GOCACHE=/go/build-cache
WORKDIR /src
COPY go.mod go.sum ./
RUN --mount=type=cache,target=/go/pkg/mod go mod download
COPY . .
RUN --mount=type=cache,target=/go/pkg/mod --mount=type=cache,target=/go/build-cache \
    CGO_ENABLED=0 GOOS=linux go build -trimpath -ldflags='-s -w' -o /out/tindal ./cmd/tindal \
 && mkdir -p /out/data/blobs /out/keys

# distroless/static ships CA certificates and tzdata (Asia/Kolkata) and a
# "nonroot" user (65532).
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/tindal /usr/local/bin/tindal
COPY --from=build --chown=65532:65532 /out/data /data
# The mount point of the keys volume: a new volume takes its owner, so the
# non-root server (and tindal keys ensure) can write the key there.
COPY --from=build --chown=65532:65532 /out/keys /keys
USER nonroot:nonroot
WORKDIR /data
ENV TINDAL_HTTP_ADDR=:8080 \
    TINDAL_BLOB_DIR=/data/blobs
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/tindal"]
CMD ["serve"]
