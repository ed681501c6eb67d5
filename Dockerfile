# Tindal: a static binary on Debian slim with Debian's chromium and Noto
# fonts (the orders' and notices' PDFs are printed by headless Chromium,
# which shapes Kannada and Hindi; document.Printer), CA certificates,
# tzdata, non-root.
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

# bookworm-slim with chromium (the PDF printer), fonts-noto-core (Noto Sans,
# Noto Sans Kannada and Devanagari), CA certificates, tzdata (Asia/Kolkata)
# and a "nonroot" user (65532), as distroless had.
FROM debian:bookworm-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      chromium fonts-noto-core ca-certificates tzdata \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd -g 65532 nonroot && useradd -u 65532 -g 65532 -M -s /usr/sbin/nologin nonroot
# HOME for chromium's own files (its profile goes to a temporary folder)
ENV TINDAL_CHROMIUM=/usr/bin/chromium HOME=/tmp
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
