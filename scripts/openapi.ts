/**
 * Writes the API's description (what /api/openapi.json serves) to .tmp/openapi.json and lints it
 * with Redocly: `npm run openapi`. `npm test` runs it. No database is needed.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

process.env.DATABASE_URL ??= 'postgres://describe@127.0.0.1:1/none'
const { default: config } = await import('@payload-config')
const { describeApi } = await import('@/server/http/openapi/describe')

const file = path.resolve('.tmp/openapi.json')
fs.mkdirSync(path.dirname(file), { recursive: true })
fs.writeFileSync(file, JSON.stringify(describeApi(await config, '1'), null, 2))
console.log(`API description written to ${path.relative(process.cwd(), file)}`)

const redocly = path.resolve('node_modules/.bin/redocly')
const lint = spawnSync(redocly, ['lint', file, '--format=stylish'], {
  stdio: 'inherit',
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
})
if (lint.error) console.error(`Redocly did not run: ${lint.error.message}`)
process.exit(lint.status ?? 1)
