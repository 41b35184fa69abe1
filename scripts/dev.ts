/**
 * `npm run dev`: the API, realtime server and admin (`next dev`) on PORT+1, and `astro dev` with
 * hot reload on PORT, proxying /api, /admin, /_next, /app and /apps to the former: one origin.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { boot } from '@/server/process/boot'

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const port = Number(process.env.PORT ?? 3000)
const backendPort = port + 1
process.env.PORT = String(backendPort)
process.env.HOST ??= '127.0.0.1'

const site = await boot({ projectRoot, dev: true, log: (l) => console.log(l) })
const astro = spawn(
  process.execPath,
  [path.join(projectRoot, 'node_modules/astro/bin/astro.mjs'), 'dev', '--port', String(port)],
  {
    stdio: 'inherit',
    env: { ...process.env, PORT: String(port), DEV_BACKEND_URL: `http://127.0.0.1:${backendPort}` },
  },
)
console.log(`\nDevelopment site: http://localhost:${port}  (API/admin backend on ${backendPort})\n`)
const stop = async () => {
  astro.kill('SIGTERM')
  await site?.stop()
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
astro.on('exit', () => void stop())
