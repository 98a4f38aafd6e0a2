# Atende: one image, one binary; the command picks the process (api | worker | scheduler | all | migrate).
#   docker build -t atende .
#   docker run --env-file .env -p 8080:8080 atende all
# Plain Dockerfile syntax (no `# syntax=` line, no BuildKit-only options): the classic builder,
# BuildKit and docker-compose 1.x all build it, and nothing but the base images is pulled.

# ---- web app ------------------------------------------------------------------------------
FROM node:20-bookworm AS web
WORKDIR /src/frontend
COPY frontend/package.json frontend/package-lock.json ./
# As scripts/lib.sh: a registry mirror that serves no other platforms' optional packages
# leaves them out of the lock, which `npm ci` refuses; `npm install` then takes the locked
# versions for this platform.
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund --no-save
COPY frontend/ ./
RUN npm run build

# ---- binary -------------------------------------------------------------------------------
FROM golang:1.26-bookworm AS go
WORKDIR /src
ENV CGO_ENABLED=0
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# The flags of scripts/build.sh (none), so the image runs the binary `make build` makes.
RUN go build -o /out/atende .

# ---- runtime ------------------------------------------------------------------------------
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates tzdata \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin atende \
 && mkdir -p /app/data/media \
 && chown -R atende:atende /app/data
WORKDIR /app
COPY --from=go /out/atende /app/atende
COPY --from=web /src/frontend/dist /app/web
ENV APP_ENV=production \
    PORT=8080 \
    WEB_DIR=/app/web \
    MEDIA_DIR=/app/data/media \
    TZ_DEFAULT=America/Sao_Paulo
VOLUME ["/app/data"]
USER atende
EXPOSE 8080
ENTRYPOINT ["/app/atende"]
CMD ["all"]
