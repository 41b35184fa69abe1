import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** A hash of the files that shape a build, so a start with nothing changed skips it. */
export function hashSources(root: string, entries: string[], settings: string[] = []): string {
  const hash = crypto.createHash('sha256')
  for (const setting of settings) hash.update(`${setting}\0`)
  const visit = (p: string) => {
    if (!fs.existsSync(p)) return
    const stat = fs.statSync(p)
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) {
        // next-env.d.ts is written by the admin's own build: hashing it would make the first
        // build on a fresh clone ask for a second.
        if (name === 'node_modules' || name === 'next-env.d.ts' || name.startsWith('.')) continue
        visit(path.join(p, name))
      }
    } else {
      hash.update(path.relative(root, p))
      hash.update(fs.readFileSync(p))
    }
  }
  for (const entry of entries) visit(path.join(root, entry))
  return hash.digest('hex').slice(0, 16)
}
