#!/usr/bin/env bash
# The list commands through a real nginx: TLS with a private CA (openssl) and gzip, in front of
# `pagetui demo-server --no-compress` (so every compressed byte comes from nginx). Checks that
#   - without the CA the command stops with one TLS_ERROR line that says NODE_EXTRA_CA_CERTS;
#   - with NODE_EXTRA_CA_CERTS, `pages --json` and `groups --json` print exactly what they print
#     against the demo server directly, with nothing on stderr;
#   - nginx did answer with gzip (its access log), and an error body (404) is read too.
# Skips (exit 0, one line) when nginx or openssl is not installed. Needs dist/pagetui.js
# (`node scripts/build.mjs`). Usage: bash scripts/nginx-check.sh
set -euo pipefail

for tool in nginx openssl node; do
  if ! command -v "$tool" >/dev/null 2>&1 && [ ! -x "/usr/sbin/$tool" ]; then
    echo "nginx-check: skipped ($tool is not installed)"
    exit 0
  fi
done
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUNDLE="$ROOT/dist/pagetui.js"
if [ ! -f "$BUNDLE" ]; then
  echo "nginx-check: dist/pagetui.js is missing; run node scripts/build.mjs first" >&2
  exit 2
fi

WORK=$(mktemp -d)
DEMO_PID=''
NGINX_PID=''
cleanup() {
  [ -n "$NGINX_PID" ] && kill "$NGINX_PID" 2>/dev/null || true
  [ -n "$DEMO_PID" ] && kill "$DEMO_PID" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT
fail() {
  echo "nginx-check: FAIL: $*" >&2
  exit 1
}

# A private CA and a server certificate for 127.0.0.1 / localhost.
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj '/CN=pagetui check CA' \
  -keyout "$WORK/ca.key" -out "$WORK/ca.crt" 2>/dev/null
openssl req -newkey rsa:2048 -nodes -subj '/CN=127.0.0.1' \
  -keyout "$WORK/server.key" -out "$WORK/server.csr" 2>/dev/null
printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n' >"$WORK/ext.cnf"
openssl x509 -req -in "$WORK/server.csr" -CA "$WORK/ca.crt" -CAkey "$WORK/ca.key" -CAcreateserial \
  -days 2 -extfile "$WORK/ext.cnf" -out "$WORK/server.crt" 2>/dev/null

# The demo server on a free port, not compressing.
node "$BUNDLE" demo-server --pages 2000 --no-compress >"$WORK/demo.out" 2>&1 &
DEMO_PID=$!
for _ in $(seq 1 100); do
  grep -q 'listening on' "$WORK/demo.out" 2>/dev/null && break
  sleep 0.1
done
DEMO_URL=$(sed -n 's/.*listening on \([^ ]*\) .*/\1/p' "$WORK/demo.out")
[ -n "$DEMO_URL" ] || fail "the demo server did not start: $(cat "$WORK/demo.out")"

PORT=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
mkdir -p "$WORK/tmp"
cat >"$WORK/nginx.conf" <<EOF
daemon off;
worker_processes 1;
pid $WORK/nginx.pid;
error_log $WORK/error.log warn;
events { worker_connections 64; }
http {
  log_format check '\$status \$request_uri enc=\$sent_http_content_encoding ratio=\$gzip_ratio bytes=\$bytes_sent';
  access_log $WORK/access.log check;
  client_body_temp_path $WORK/tmp/body;
  proxy_temp_path $WORK/tmp/proxy;
  fastcgi_temp_path $WORK/tmp/fastcgi;
  uwsgi_temp_path $WORK/tmp/uwsgi;
  scgi_temp_path $WORK/tmp/scgi;
  gzip on;
  gzip_types application/json application/problem+json;
  gzip_proxied any;
  server {
    listen 127.0.0.1:$PORT ssl;
    ssl_certificate $WORK/server.crt;
    ssl_certificate_key $WORK/server.key;
    location / {
      proxy_pass $DEMO_URL;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }
  }
}
EOF
"$NGINX" -c "$WORK/nginx.conf" -p "$WORK" 2>"$WORK/nginx.err" &
NGINX_PID=$!
for _ in $(seq 1 100); do
  node -e 'require("net").connect(+process.argv[1],"127.0.0.1").on("connect",()=>process.exit(0)).on("error",()=>process.exit(1))' "$PORT" && break
  sleep 0.1
done
kill -0 "$NGINX_PID" 2>/dev/null || fail "nginx did not start: $(cat "$WORK/nginx.err")"

HTTPS_URL="https://127.0.0.1:$PORT"
run() { # run <base url> <extra env…> -- <args…>; stdout to $WORK/out, stderr to $WORK/err
  local base=$1
  shift
  env -u CI -u NODE_EXTRA_CA_CERTS PAGETUI_API_KEY=demo-key PAGETUI_BASE_URL="$base" XDG_CONFIG_HOME="$WORK/cfg" "$@" >"$WORK/out" 2>"$WORK/err" || echo $? >"$WORK/code"
}

# 1. Without the CA: one clear TLS line.
rm -f "$WORK/code"
run "$HTTPS_URL" node "$BUNDLE" pages grp-1 --json --max 5
[ -f "$WORK/code" ] || fail "pages succeeded without the private CA"
[ "$(wc -l <"$WORK/err")" -eq 1 ] || fail "expected one line on stderr without the CA, got: $(cat "$WORK/err")"
grep -q 'TLS_ERROR' "$WORK/err" || fail "expected TLS_ERROR without the CA, got: $(cat "$WORK/err")"
grep -q 'NODE_EXTRA_CA_CERTS=/path/to/ca.pem' "$WORK/err" || fail "expected the TLS error to say NODE_EXTRA_CA_CERTS, got: $(cat "$WORK/err")"
echo "nginx-check: without the CA: $(cat "$WORK/err")"

# 2. With the CA: the same output as straight from the demo server.
for args in "pages grp-1 --json" "groups --json" "pages grp-1 --json --limit 7 --max 50"; do
  rm -f "$WORK/code"
  # shellcheck disable=SC2086
  run "$DEMO_URL" node "$BUNDLE" $args
  [ ! -f "$WORK/code" ] || fail "direct: pagetui $args failed: $(cat "$WORK/err")"
  cp "$WORK/out" "$WORK/direct.out"
  # shellcheck disable=SC2086
  run "$HTTPS_URL" NODE_EXTRA_CA_CERTS="$WORK/ca.crt" node "$BUNDLE" $args
  [ ! -f "$WORK/code" ] || fail "through nginx: pagetui $args failed: $(cat "$WORK/err")"
  [ ! -s "$WORK/err" ] || fail "through nginx: pagetui $args wrote to stderr: $(cat "$WORK/err")"
  cmp -s "$WORK/out" "$WORK/direct.out" || fail "through nginx: pagetui $args printed something else than directly"
  echo "nginx-check: pagetui $args: $(wc -l <"$WORK/out") lines, identical through nginx (TLS + gzip)"
done

# 3. An error body through nginx's gzip.
rm -f "$WORK/code"
run "$HTTPS_URL" NODE_EXTRA_CA_CERTS="$WORK/ca.crt" node "$BUNDLE" pages no-such-group --json
[ -f "$WORK/code" ] || fail "a missing group succeeded"
grep -q 'NOT_FOUND' "$WORK/err" || fail "expected NOT_FOUND for a missing group, got: $(cat "$WORK/err")"
echo "nginx-check: missing group: $(cat "$WORK/err")"

# 4. nginx really compressed the listings.
sleep 0.2
gzipped=$(grep -c '^200 /v0/page_groups/grp-1/pages.* enc=gzip ' "$WORK/access.log" || true)
plain=$(grep -c '^200 /v0/page_groups/grp-1/pages.* enc= ' "$WORK/access.log" || true)
[ "$gzipped" -gt 0 ] && [ "$plain" -eq 0 ] || fail "expected every grp-1 page gzipped by nginx ($gzipped gzipped, $plain not)"
grep -q '^404 .* enc=gzip ' "$WORK/access.log" || fail "expected the 404 body gzipped by nginx"
echo "nginx-check: nginx sent $gzipped grp-1 pages gzipped, e.g. $(grep -m1 '^200 /v0/page_groups/grp-1/pages.* enc=gzip ' "$WORK/access.log")"
echo "nginx-check: ok"
