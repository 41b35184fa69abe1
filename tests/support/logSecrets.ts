import fs from 'node:fs'
import path from 'node:path'

/**
 * What must never be in a server's log: the passwords the tests sign in with, the demo staff's
 * authenticator key, session tokens (JWTs), cookies and authorization headers, e-mail addresses.
 */
export interface Leak {
  line: number
  what: string
}

const PATTERNS: [string, RegExp][] = [
  ['a session token (JWT)', /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/],
  ['a cookie', /payload-token=|"(?:set-)?cookie"\s*:/i],
  ['an authorization header', /"authorization"\s*:|\b(?:JWT|Bearer) [\w-]{16,}/i],
  ['an e-mail address', /[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b/i],
]

/** Every password literal in the e2e tests' sources, and the constants they share. */
export function testPasswords(e2eDir: string, constants: string[]): string[] {
  const found = new Set(constants)
  for (const file of fs.readdirSync(e2eDir).filter((f) => f.endsWith('.ts'))) {
    const text = fs.readFileSync(path.join(e2eDir, file), 'utf8')
    for (const match of text.matchAll(/password\w*['"]?\s*[:=]\s*'([^'\n]{6,})'/gi))
      found.add(match[1]!)
  }
  return [...found]
}

/** The lines of `log` that hold a secret, and what it was (never the secret itself). */
export function leaksIn(log: string, secrets: string[]): Leak[] {
  const leaks: Leak[] = []
  log.split('\n').forEach((text, i) => {
    for (const secret of secrets)
      if (text.includes(secret)) leaks.push({ line: i + 1, what: 'a password or key of the tests' })
    for (const [what, pattern] of PATTERNS)
      if (pattern.test(text)) leaks.push({ line: i + 1, what })
  })
  return leaks
}
