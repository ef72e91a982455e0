# StageShop: one small image with the server, the embedded web app and a
# volume for the database and uploaded images.

# 1. The web app, built into pb_public/.
FROM node:20-bookworm-slim AS app
WORKDIR /src/app
COPY app/package.json app/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY app/ ./
COPY pb_public/placeholder.html /src/pb_public/placeholder.html
RUN npm run build

# 2. The Go binary with the app embedded; pure Go SQLite, so no cgo.
FROM golang:1.27-bookworm AS server
# The approved toolchain, exactly (fetched from the module proxy if the
# image's Go is another 1.27.x).
ENV GOTOOLCHAIN=go1.27.3
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=app /src/pb_public/ ./pb_public/
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /stageshop .

# 3. Runtime: no shell tools beyond busybox's wget for the health check.
FROM alpine:3.22
RUN apk add --no-cache ca-certificates tzdata \
    && adduser -D -H -u 10001 stageshop \
    && mkdir -p /pb_data && chown stageshop /pb_data
COPY --from=server /stageshop /usr/local/bin/stageshop
USER stageshop
VOLUME /pb_data
EXPOSE 8090
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s \
  CMD wget -qO- http://127.0.0.1:8090/api/health >/dev/null || exit 1
ENTRYPOINT ["stageshop", "--dir", "/pb_data"]
CMD ["serve", "--http", "0.0.0.0:8090"]
