/**
 * `npm run features` writes the feature index into docs/architecture.md; with `--check` (run by
 * `npm test`) it only fails when the written index is stale or a collection or contract belongs
 * to no feature (add it to a feature's words in scripts/featureIndex.ts).
 */
import fs from 'node:fs'

import * as prettier from 'prettier'

import { END, featureIndex, START } from './featureIndex'

const doc = 'docs/architecture.md'
const { text, unclaimed } = featureIndex()
if (unclaimed.length) {
  console.error(
    `No feature claims: ${unclaimed.join(', ')} (add a word in scripts/featureIndex.ts)`,
  )
  process.exit(1)
}
const current = fs.readFileSync(doc, 'utf8')
const from = current.indexOf(START)
const to = current.indexOf(END)
if (from < 0 || to < from) throw new Error(`${doc} has no feature index markers`)
const options = await prettier.resolveConfig(doc)
const written = await prettier.format(
  `${current.slice(0, from)}${START}\n\n${text}\n\n${current.slice(to)}`,
  { ...options, filepath: doc },
)
if (process.argv.includes('--check')) {
  if (written !== current) {
    console.error(`${doc}: the feature index is stale; run \`npm run features\``)
    process.exit(1)
  }
  console.log('The feature index is current.')
} else {
  fs.writeFileSync(doc, written)
  console.log(`Feature index written to ${doc}`)
}
