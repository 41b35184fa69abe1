/**
 * Scale-out figures (`npm run bench:scale`) on the demo seed, all on 127.0.0.1 with the
 * cluster of tests/scale (nginx from `npm run nginx:config`, the realtime role, S3 stand-in, one
 * PostgreSQL): a static page through the front server against a plain nginx on the same folder
 * (ab -k -c 50, gzip), and public API reads through the front server with 1 and then 2 app
 * instances (autocannon, 50 connections, 10 s; signed out, then signed in). The realtime fan-out
 * is `npm run bench:fanout`, run after this by the npm script.
 */
import path from 'node:path'

import autocannon from 'autocannon'

import { freshDataDir, removeDataDir } from '@tests/faults/harness'
import { startCluster } from '@tests/scale/cluster'

import { seededTemplate, waitFor } from './builtSite'
import { ab, startNginx } from './nginx'

const PAGE = '/neighbourhood/shoreditch'
const DURATION = Number(process.env.DURATION ?? 10)

// A seeded, built data folder, copied for each cluster.
const template = seededTemplate('scale', 'http://127.0.0.1:3000')

const reads = [
  ['neighbourhood list page', '/api/neighbourhoods?limit=10'],
  ['forum page', '/api/forum?page=1'],
] as const
const rows: string[] = []
for (const instances of [1, 2]) {
  const cluster = await startCluster(freshDataDir(template, `bench${instances}`), {
    instances,
    env: { RATE_LIMIT_EXEMPT: '127.0.0.1' },
  })
  try {
    if (instances === 1) {
      const plain = startNginx(path.join(cluster.dataDir, 'site', 'current', 'client'))
      try {
        await waitFor(`${plain.base}${PAGE}`, plain.child)
        const gzip = ['Accept-Encoding: gzip']
        ab(`${cluster.front}${PAGE}`, gzip)
        ab(`${plain.base}${PAGE}`, gzip)
        const front = ab(`${cluster.front}${PAGE}`, gzip)
        const alone = ab(`${plain.base}${PAGE}`, gzip)
        console.log(
          `static ${PAGE} (gzip, ab -k -c 50): front server ${front.toFixed(0)} req/s, plain nginx ${alone.toFixed(0)} req/s (${(front / alone).toFixed(2)}×)`,
        )
      } finally {
        plain.child.kill('SIGTERM')
      }
    }
    const login = await fetch(`${cluster.front}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: cluster.front },
      body: JSON.stringify({ email: 'sofia@belong.local', password: 'belong-demo' }),
    })
    const { token } = (await login.json()) as { token: string }
    for (const [what, route] of reads) {
      for (const [who, headers] of [
        ['signed out', {}],
        ['signed in', { authorization: `JWT ${token}` }],
      ] as const) {
        const result = await autocannon({
          url: `${cluster.front}${route}`,
          connections: 50,
          duration: DURATION,
          headers,
        })
        rows.push(
          `| ${what}, ${who} | ${instances} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} |`,
        )
      }
    }
  } finally {
    await cluster.stop()
  }
}
console.log('\nPublic API reads through the front server (autocannon -c 50):')
console.log('| read | instances | req/s | p50 ms | p99 ms | non-2xx |')
console.log('| --- | --- | --- | --- | --- | --- |')
for (const row of rows) console.log(row)
await removeDataDir(template)
process.exit(0)
