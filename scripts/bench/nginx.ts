import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const REQUESTS = Number(process.env.REQUESTS ?? 20000)
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 50)

/** Debian's nginx alone, serving `root` as plainly as it can (the physical limit to compare with). */
export function startNginx(root: string): { base: string; child: ChildProcess; dir: string } {
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
export function ab(url: string, headers: readonly string[] = [], cpu?: number): number {
  const args = ['-k', '-q', '-n', String(REQUESTS), '-c', String(CONCURRENCY)]
  for (const h of headers) args.push('-H', h)
  // `cpu`: ab runs on that core alone (taskset), off the server's.
  const [command, ...rest] = [...(cpu === undefined ? [] : ['taskset', '-c', String(cpu)]), 'ab']
  const out = execFileSync(command!, [...rest, ...args, url], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  })
  const failed = Number(/Failed requests:\s+(\d+)/.exec(out)?.[1] ?? 0)
  const non2xx = Number(/Non-2xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0)
  if (failed || non2xx) throw new Error(`ab: ${failed} failed, ${non2xx} non-2xx\n${out}`)
  return Number(/Requests per second:\s+([\d.]+)/.exec(out)![1])
}
