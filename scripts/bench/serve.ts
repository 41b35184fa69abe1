/**
 * Static serving speed (`npm run bench:serve`): the built server against Debian's nginx serving
 * the same build folder, in one run, with ApacheBench (`ab -k -c 50`) on a prerendered page.
 * Starts its own server (ADMIN=false, fresh DATA_DIR) unless BASE and DATA_DIR name a running
 * one. Needs the `nginx-light` and `apache2-utils` packages. Prints both rates and the ratio.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { startBuiltSite, waitFor } from './builtSite'

const PAGE = process.env.PAGE ?? '/neighbourhood/shoreditch'
const REQUESTS = Number(process.env.REQUESTS ?? 20000)
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 50)

function startNginx(root: string): { base: string; child: ChildProcess; dir: string } {
  const port = 5300 + Math.floor(Math.random() * 300)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-nginx-'))
  fs.chmodSync(dir, 0o755)
  const conf = path.join(dir, 'nginx.conf')
  fs.writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes auto;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  include /etc/nginx/mime.types;
  gzip_static on;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { try_files $uri $uri/index.html $uri.html =404; }
  }
}
`,
  )
  const child = spawn('nginx', ['-c', conf, '-p', dir], { stdio: ['ignore', 'pipe', 'pipe'] })
  return { base: `http://127.0.0.1:${port}`, child, dir }
}

/** Requests per second from one ab run (keep-alive, with the given headers). */
function ab(url: string, headers: string[]): number {
  const args = ['-k', '-q', '-n', String(REQUESTS), '-c', String(CONCURRENCY)]
  for (const h of headers) args.push('-H', h)
  const out = execFileSync('ab', [...args, url], { encoding: 'utf8', maxBuffer: 1 << 24 })
  const failed = Number(/Failed requests:\s+(\d+)/.exec(out)?.[1] ?? 0)
  const non2xx = Number(/Non-2xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0)
  if (failed || non2xx) throw new Error(`ab: ${failed} failed, ${non2xx} non-2xx\n${out}`)
  return Number(/Requests per second:\s+([\d.]+)/.exec(out)![1])
}

const site = await startBuiltSite()
if (!site.dataDir) throw new Error('With BASE, also set DATA_DIR (its build folder is read).')
const current = JSON.parse(
  fs.readFileSync(path.join(site.dataDir, 'site', 'current.json'), 'utf8'),
) as { dir: string }
const nginx = startNginx(path.join(current.dir, 'client'))
try {
  await waitFor(`${nginx.base}${PAGE}`, nginx.child, () => '')
  const rows: { what: string; app: number; nginx: number }[] = []
  for (const [what, headers] of [
    ['plain', []],
    ['gzip', ['Accept-Encoding: gzip']],
  ] as const) {
    // Warm both (files read into memory, connections), then measure each once.
    ab(`${site.base}${PAGE}`, [...headers])
    ab(`${nginx.base}${PAGE}`, [...headers])
    rows.push({
      what,
      app: ab(`${site.base}${PAGE}`, [...headers]),
      nginx: ab(`${nginx.base}${PAGE}`, [...headers]),
    })
  }
  console.log(`\nStatic page ${PAGE}, ab -k -c ${CONCURRENCY} -n ${REQUESTS}, requests/s:`)
  console.log('| encoding | app | nginx | app ÷ nginx |')
  console.log('| --- | --- | --- | --- |')
  for (const r of rows) {
    console.log(
      `| ${r.what} | ${r.app.toFixed(0)} | ${r.nginx.toFixed(0)} | ${(r.app / r.nginx).toFixed(2)} |`,
    )
  }
} finally {
  nginx.child.kill('SIGTERM')
  site.child?.kill('SIGTERM')
}
