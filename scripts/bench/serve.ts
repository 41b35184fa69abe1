/**
 * Static serving speed (`npm run bench:serve`): the built server against Debian's nginx serving
 * the same build folder, in one run, with ApacheBench (`ab -k -c 50`) on a prerendered page.
 * Starts its own server (ADMIN=false, fresh DATA_DIR) unless BASE and DATA_DIR name a running
 * one. Needs the `nginx-light` and `apache2-utils` packages. Prints the rates and ratios, with a
 * bare Node server answering from the same files (scripts/bench/staticOnly.ts): one process's ceiling.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { loadAverage, startBuiltSite, waitFor } from './builtSite'
import { ab, startNginx } from './nginx'

const PAGE = process.env.PAGE ?? '/neighbourhood/shoreditch'

const site = await startBuiltSite()
if (!site.dataDir) throw new Error('With BASE, also set DATA_DIR (its build folder is read).')
const current = JSON.parse(
  fs.readFileSync(path.join(site.dataDir, 'site', 'current.json'), 'utf8'),
) as { dir: string }
const nginx = startNginx(path.join(current.dir, 'client'))
// The same files from a bare Node server doing nothing but the lookup: one process's ceiling.
const barePort = 4600 + Math.floor(Math.random() * 600)
const bare = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    'scripts/bench/staticOnly.ts',
    path.join(current.dir, 'client'),
    String(barePort),
  ],
  { stdio: 'inherit' },
)
const bareBase = `http://127.0.0.1:${barePort}`
try {
  await waitFor(`${nginx.base}${PAGE}`, nginx.child, () => '')
  await waitFor(`${bareBase}${PAGE}`, bare, () => '')
  console.log(`load average before: ${loadAverage()}`)
  const rows: { what: string; app: number; bare: number; nginx: number }[] = []
  for (const [what, headers] of [
    ['plain', []],
    ['gzip', ['Accept-Encoding: gzip']],
  ] as const) {
    // Warm both (files read into memory, connections), then measure each once.
    ab(`${site.base}${PAGE}`, headers)
    ab(`${bareBase}${PAGE}`, headers)
    ab(`${nginx.base}${PAGE}`, headers)
    rows.push({
      what,
      app: ab(`${site.base}${PAGE}`, headers),
      bare: ab(`${bareBase}${PAGE}`, headers),
      nginx: ab(`${nginx.base}${PAGE}`, headers),
    })
  }
  console.log(`\nStatic page ${PAGE}, ab -k -c 50 -n 20000, requests/s (load ${loadAverage()}):`)
  console.log('| encoding | app | bare Node + StaticSite | nginx | app ÷ nginx | bare ÷ nginx |')
  console.log('| --- | --- | --- | --- | --- | --- |')
  for (const r of rows) {
    console.log(
      `| ${r.what} | ${r.app.toFixed(0)} | ${r.bare.toFixed(0)} | ${r.nginx.toFixed(0)} | ` +
        `${(r.app / r.nginx).toFixed(2)} | ${(r.bare / r.nginx).toFixed(2)} |`,
    )
  }
} finally {
  bare.kill('SIGTERM')
  nginx.child.kill('SIGTERM')
  site.child?.kill('SIGTERM')
}
