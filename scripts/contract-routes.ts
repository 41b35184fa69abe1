/**
 * Writes src/contracts/routes.ts from the contracts' registry: `npm run contracts`. The islands'
 * client reads this small table (strings only), so a page's script never carries the contracts'
 * schemas and messages; tests/unit/contract-routes.test.ts fails when the table is stale.
 */
import fs from 'node:fs'
import path from 'node:path'

import * as prettier from 'prettier'

import { contracts } from '@/contracts'

const file = path.resolve('src/contracts/routes.ts')
const entries = Object.entries(contracts)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([name, c]) => {
    const shared = 'cache' in c && c.cache === 'shared' ? ", 'shared'" : ''
    return `  '${name}': ['${c.method}', '${c.path}'${shared}],`
  })
const text = `// Written by \`npm run contracts\` from src/contracts/index.ts; do not edit.
/** Each contract's method and path (and 'shared' for reads answered from the shared cache). */
export const routes = {
${entries.join('\n')}
} as const
`
const options = await prettier.resolveConfig(file)
fs.writeFileSync(file, await prettier.format(text, { ...options, filepath: file }))
console.log(`${entries.length} routes written to ${path.relative(process.cwd(), file)}`)
