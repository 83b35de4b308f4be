#!/bin/sh
# The nginx image's start (compose.yaml's `nginx`): writes an nginx.conf from the environment and runs
# nginx in the foreground. The same proxying as deploy/nginx.conf, on plain HTTP at
# HTTP_HOST:HTTP_PORT (TLS: a proxy of the operator's in front, or deploy/nginx.conf on the host):
# the app instances on 127.0.0.1:APP_PORTS (space-separated), Socket.IO by client address, the
# stream from the station's listener relay on RADIO_LISTEN_PORT.
set -eu
: "${HTTP_HOST:=0.0.0.0}" "${HTTP_PORT:=80}" "${APP_PORTS:=8080 8081}" "${RADIO_LISTEN_PORT:=8010}"
conf=/tmp/airwave-nginx.conf
servers=""
for port in $APP_PORTS; do
  servers="$servers    server 127.0.0.1:$port max_fails=3 fail_timeout=10s;
"
done
cat >"$conf" <<CONF
worker_processes auto;
worker_rlimit_nofile 16384;
pid /tmp/airwave-nginx.pid;
error_log stderr warn;
events { worker_connections 8192; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nodelay on;
  client_body_temp_path /tmp/nginx-body;
  proxy_temp_path /tmp/nginx-proxy;
  upstream airwave {
    least_conn;
$servers    keepalive 32;
  }
  upstream airwave_socketio {
    hash \$remote_addr consistent;
$servers  }
  upstream airwave_radio { server 127.0.0.1:$RADIO_LISTEN_PORT; }
  map \$http_upgrade \$airwave_connection { default upgrade; "" ""; }
  server {
    listen $HTTP_HOST:$HTTP_PORT backlog=4096;
    client_max_body_size 8m;
    proxy_set_header Host              \$http_host;
    proxy_set_header X-Forwarded-For   \$remote_addr;
    proxy_set_header X-Forwarded-Proto \$scheme;
    proxy_set_header X-Forwarded-Host  \$http_host;
    proxy_set_header Upgrade           \$http_upgrade;
    proxy_set_header Connection        \$airwave_connection;
    proxy_http_version 1.1;
    proxy_next_upstream error timeout http_502 http_503;
    gzip on; gzip_proxied any; gzip_vary on; gzip_comp_level 5; gzip_min_length 1024;
    gzip_types application/json application/javascript text/css text/plain text/xml
               application/xml application/manifest+json image/svg+xml;
    location / { proxy_pass http://airwave; }
    location /socket.io/ {
      proxy_read_timeout 1h; proxy_send_timeout 1h; proxy_buffering off;
      proxy_pass http://airwave_socketio;
    }
    location = /api/auth/mp3/upload {
      client_max_body_size 52m; proxy_request_buffering off;
      proxy_read_timeout 5m; proxy_send_timeout 5m;
      proxy_pass http://airwave;
    }
    location = /radio.mp3 {
      proxy_buffering off; proxy_buffer_size 8k;
      proxy_read_timeout 24h; proxy_send_timeout 24h;
      proxy_pass http://airwave_radio;
    }
  }
}
CONF
exec nginx -c "$conf" -g 'daemon off;'
