/**
 * `npm run nginx:config [-- <file>] [flags]`: an nginx configuration for the front server of a
 * scaled-out Belong (docs/deploy.md). nginx serves the current static build straight from disk
 * (DATA_DIR/site/current/client, precompressed `.gz` beside the files) and proxies the API, the
 * admin, on-demand pages and the realtime WebSocket to the app instances and the realtime role.
 *
 * Settings, as flags or environment (flags win):
 *   --listen        NGINX_LISTEN        address:port or port nginx listens on (80)
 *   --server-name   NGINX_SERVER_NAME   server_name (PUBLIC_URL's host name, else _)
 *   --app           APP_UPSTREAMS       app instances, comma list of host:port (127.0.0.1:$PORT)
 *   --realtime      REALTIME_UPSTREAM   the `npm run realtime` role, host:port (the app instances,
 *                                       which hold the realtime server in the one-process mode)
 *   --data-dir      DATA_DIR            the data folder whose site/current nginx serves (.data)
 *   --tls-cert      NGINX_TLS_CERT      certificate (chain) file: listen with TLS (and HTTP/2)
 *   --tls-key       NGINX_TLS_KEY       its private key
 *   --http-redirect NGINX_HTTP_REDIRECT with TLS, [address:]port answering 301 to https://
 *   --standalone                        a complete nginx.conf (events, http, pid and temp paths
 *                                       relative to nginx's -p prefix) instead of a site file
 *                                       for /etc/nginx/sites-enabled
 *   --user          NGINX_USER          `user` of a standalone config (nginx's default otherwise)
 *   --brotli                            also serve `.br` files (needs Debian's
 *                                       libnginx-mod-http-brotli-static; not in nginx-light)
 * The page policy, the security headers, HSTS and caching come from the same settings as the
 * app's (PUBLIC_URL, TILE_URL, PUSHER_APP_ID, the CDN_ ones) and from src/server/http/security.ts
 * and cacheHeaders.ts, with the inline-script hashes of the build being served: write the config
 * again and `nginx -s reload` after a deploy or a full site build.
 */
import fs from 'node:fs'
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import path from 'node:path'
import { parseArgs } from 'node:util'

import { PAGE_QUERIES } from '@/rules/pageQueries'
import { env } from '@/server/config/env'
import {
  ASSET_CACHE_CONTROL,
  pageCacheControl,
  pageCdnCacheControl,
} from '@/server/http/cacheHeaders'
import { JSON_BODY_LIMIT, UPLOAD_BODY_LIMIT } from '@/server/http/nodeFetch'
import {
  pagePolicy,
  policyOrigins,
  scriptHashesOfBuild,
  setCommonHeaders,
  siteOrigins,
} from '@/server/http/security'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    listen: { type: 'string' },
    'server-name': { type: 'string' },
    app: { type: 'string' },
    realtime: { type: 'string' },
    'data-dir': { type: 'string' },
    'tls-cert': { type: 'string' },
    'tls-key': { type: 'string' },
    'http-redirect': { type: 'string' },
    standalone: { type: 'boolean', default: false },
    user: { type: 'string' },
    brotli: { type: 'boolean', default: false },
  },
})

function fail(message: string): never {
  console.error(`nginx:config: ${message}`)
  process.exit(2)
}

const HOST_PORT = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):\d{1,5}$/
const upstreams = (list: string, what: string) => {
  const servers = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (!servers.length) fail(`no ${what} given`)
  for (const server of servers)
    if (!HOST_PORT.test(server)) fail(`${what}: '${server}' is not host:port`)
  return servers
}

const LISTEN = /^(?:(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):)?\d{1,5}$/
const tlsCert = values['tls-cert'] ?? process.env.NGINX_TLS_CERT
const tlsKey = values['tls-key'] ?? process.env.NGINX_TLS_KEY
if (Boolean(tlsCert) !== Boolean(tlsKey)) fail('give both --tls-cert and --tls-key, or neither')
const listen = values.listen ?? process.env.NGINX_LISTEN ?? (tlsCert ? '443' : '80')
if (!LISTEN.test(listen)) fail(`--listen '${listen}' is not [address:]port`)
const httpRedirect = values['http-redirect'] ?? process.env.NGINX_HTTP_REDIRECT
if (httpRedirect && (!tlsCert || !LISTEN.test(httpRedirect)))
  fail('--http-redirect needs TLS and an [address:]port')
for (const file of [tlsCert, tlsKey]) if (file && /[\s;"'$]/.test(file)) fail(`odd path ${file}`)
const apps = upstreams(
  values.app ?? process.env.APP_UPSTREAMS ?? `127.0.0.1:${process.env.PORT ?? 3000}`,
  'app upstreams',
)
const realtimeList = values.realtime ?? process.env.REALTIME_UPSTREAM
const realtime = realtimeList ? upstreams(realtimeList, 'realtime upstream') : undefined
if (!realtime && apps.length > 1)
  console.warn(
    'nginx:config: several app instances and no --realtime: WebSockets go to the instances, each with its own realtime hub. Run `npm run realtime` (or hosted Pusher) and pass --realtime.',
  )
const dataDir = path.resolve(values['data-dir'] ?? env.dataDir)
const serverName =
  values['server-name'] ??
  process.env.NGINX_SERVER_NAME ??
  (env.publicUrl ? new URL(env.publicUrl).hostname : '_')
const user = values.user ?? process.env.NGINX_USER

// The served build: DATA_DIR/site/current links to it (src/server/site/siteBuilds.ts).
const root = path.join(dataDir, 'site', 'current', 'client')
if (!fs.existsSync(root))
  fail(
    `${root} does not exist: start the site (or \`npm run build\`) with DATA_DIR=${dataDir} first.`,
  )
const servedBuild = fs.realpathSync(path.dirname(root))

/** The headers src/server/site/site.ts sends, computed by the same functions. */
function securityHeaders() {
  const res = new ServerResponse(new IncomingMessage(new Socket()))
  setCommonHeaders(res, siteOrigins(env.publicUrl, env.port))
  const policy = pagePolicy({
    ...policyOrigins({
      tileUrl: env.tiles.url,
      realtimeElsewhere: env.pusher.external && !env.pusher.sameOrigin,
    }),
    scriptHashes: scriptHashesOfBuild(path.join(servedBuild, 'client')),
  })
  const headers = new Map<string, string>()
  for (const [name, value] of Object.entries(res.getHeaders())) headers.set(name, String(value))
  // Static files are served by serveSite, which puts the page policy in place of the default.
  headers.set('content-security-policy', policy)
  return headers
}

const quote = (value: string) => {
  if (/["\\$\n]/.test(value)) fail(`cannot write the header value ${value}`)
  return `"${value}"`
}
/**
 * Every header of a location that serves files: an `add_header` in a location drops all those
 * inherited from the server block, so each such location lists them all.
 */
const headerLines = (indent: string, cacheControl: string, cdnCacheControl?: string) =>
  [
    ...securityHeaders(),
    ['cache-control', cacheControl],
    ...(cdnCacheControl ? [['cdn-cache-control', cdnCacheControl]] : []),
    ['x-belong-render', 'static'],
  ]
    .map(([name, value]) => `${indent}add_header ${name} ${quote(value)};`)
    .join('\n')

const kb = (bytes: number) => `${Math.ceil(bytes / 1024)}k`
const proxyHeaders = (indent: string) =>
  [
    'proxy_http_version 1.1;',
    // The app checks the Host against PUBLIC_URL (port included): pass it as the browser sent it.
    'proxy_set_header Host $http_host;',
    // TRUST_PROXY=true: the app takes the client from the last X-Forwarded-For hop, nginx's.
    'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
  ]
    .map((line) => indent + line)
    .join('\n')

const tls = tlsCert
  ? `  listen ${listen} ssl http2;
  ssl_certificate ${path.resolve(tlsCert)};
  ssl_certificate_key ${path.resolve(tlsKey!)};
  ssl_protocols TLSv1.2 TLSv1.3;
  ssl_session_cache shared:belong_tls:10m;
  ssl_session_timeout 1d;`
  : `  listen ${listen};`
const redirect = httpRedirect
  ? `
server {
  listen ${httpRedirect};
  server_name ${serverName};
  server_tokens off;
  return 301 https://$host$request_uri;
}
`
  : ''

const site = `# Written by \`npm run nginx:config\` on ${new Date().toISOString()}.
# Serves ${servedBuild} through the link ${path.dirname(root)}.
# The page policy below holds that build's inline-script hashes: after a deploy or a full site
# build, write this file again and reload nginx (\`nginx -s reload\`). Do not edit by hand.

upstream belong_app {
${apps.map((a) => `  server ${a} max_fails=1 fail_timeout=5s;`).join('\n')}
  keepalive 32;
}

upstream belong_realtime {
${(realtime ?? apps).map((a) => `  server ${a};`).join('\n')}
}

# Filters, sorts and pagers of static pages are rendered by the app (src/rules/pageQueries.ts).
map "$uri?$args" $belong_on_demand {
  default 0;
${PAGE_QUERIES.map((q) => `  "~${q.path.replace(/\$$/, '')}\\?(.*&)?(${q.params.join('|')})=" 1;`).join('\n')}
}

# A form posted to a page, and the page after it (its one-time message cookie), are the app's
# (src/server/http/formPosts.ts): never a static file.
map "$request_method $cookie_belong_flash" $belong_form_or_flash {
  default 1;
  "~^(GET|HEAD) $" 0;
}

map $http_upgrade $belong_connection {
  default upgrade;
  '' '';
}

server {
${tls}
  server_name ${serverName};
  server_tokens off;
  charset utf-8;

  root ${root};
  # The app's own limits (src/server/http/nodeFetch.ts): JSON bodies, and uploads under /api.
  client_max_body_size ${kb(JSON_BODY_LIMIT)};

  gzip_static on;
${values.brotli ? '  brotli_static on;\n' : ''}  gzip_vary on;
  # Answers of the app (JSON, on-demand pages) compressed on the way out.
  gzip on;
  gzip_proxied any;
  gzip_types application/json application/javascript text/css text/plain image/svg+xml application/xml;

  # Prerendered pages and public files of the current build; anything else is the app's
  # (on-demand pages, not found).
  location / {
    error_page 418 = @app;
    if ($belong_on_demand) {
      return 418;
    }
    if ($belong_form_or_flash) {
      return 418;
    }
    try_files $uri $uri/index.html $uri.html @app;
${headerLines('    ', pageCacheControl(), pageCdnCacheControl())}
  }

  # Hashed assets never change. An asset of an older build (a page an instance renders with
  # the build it started on) is asked of the app.
  location /_astro/ {
    try_files $uri @app;
${headerLines('    ', ASSET_CACHE_CONTROL)}
  }

  location @app {
${proxyHeaders('    ')}
    proxy_set_header Connection "";
    proxy_pass http://belong_app;
  }

  location = /api {
${proxyHeaders('    ')}
    proxy_set_header Connection "";
    proxy_pass http://belong_app;
  }

  location /api/ {
    client_max_body_size ${kb(UPLOAD_BODY_LIMIT)};
    proxy_request_buffering off;
${proxyHeaders('    ')}
    proxy_set_header Connection "";
    proxy_pass http://belong_app;
  }

  location /admin {
    client_max_body_size ${kb(UPLOAD_BODY_LIMIT)};
${proxyHeaders('    ')}
    proxy_set_header Connection "";
    proxy_pass http://belong_app;
  }

  location /_next/ {
${proxyHeaders('    ')}
    proxy_set_header Connection "";
    proxy_pass http://belong_app;
  }

  location = /healthz {
${proxyHeaders('    ')}
    proxy_set_header Connection "";
    proxy_pass http://belong_app;
  }

  # Readiness, for a load balancer in front of nginx (503 while an instance starts or drains).
  location = /readyz {
${proxyHeaders('    ')}
    proxy_set_header Connection "";
    proxy_pass http://belong_app;
  }

  # Prometheus scrapes each instance on its own address (METRICS_LISTEN), never through here.
  location = /metrics {
    return 404;
  }

  # The Pusher HTTP API of the one-process mode (the realtime role takes it on its own port).
  location /apps/ {
${proxyHeaders('    ')}
    proxy_set_header Connection "";
    proxy_pass http://belong_app;
  }

  # pusher-js WebSockets (/app/<key>).
  location /app/ {
${proxyHeaders('    ')}
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $belong_connection;
    proxy_read_timeout 300s;
    proxy_send_timeout 300s;
    proxy_pass http://belong_realtime;
  }
}
${redirect}`

const indent = (text: string) =>
  text
    .split('\n')
    .map((line) => (line ? `  ${line}` : line))
    .join('\n')

const standalone = `# A complete nginx.conf: run as nginx -p <prefix> -c <this file> (paths below are in <prefix>).
${values.brotli ? 'load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;\n' : ''}${user ? `user ${user};\n` : ''}worker_processes auto;
pid nginx.pid;
error_log stderr warn;
daemon off;

events {
  worker_connections 4096;
}

http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  types {
    text/javascript mjs;
    application/manifest+json webmanifest;
  }
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  client_body_temp_path client_body_temp;
  proxy_temp_path proxy_temp;
  fastcgi_temp_path fastcgi_temp;
  uwsgi_temp_path uwsgi_temp;
  scgi_temp_path scgi_temp;

${indent(site)}}
`

const text = values.standalone ? standalone : site
const out = positionals[0]
if (out) {
  const target = path.resolve(out)
  // A dot name: never picked up by an `include sites-enabled/*` meanwhile.
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.tmp`)
  fs.writeFileSync(temporary, text)
  fs.renameSync(temporary, target)
  console.log(`nginx:config: wrote ${target} (serving ${servedBuild})`)
} else {
  process.stdout.write(text)
}
