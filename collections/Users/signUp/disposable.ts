import { createRequire } from 'node:module'

/**
 * Known throwaway e-mail domains, from the maintained `disposable-email-domains` package
 * (about 120,000, sorted). Read on the first sign-up, not at start: an instance that never sees
 * one keeps the few megabytes. Searched by halves in the package's sorted list.
 */
let domains: string[] | null = null

function list(): string[] {
  if (!domains) {
    const loaded = createRequire(import.meta.url)('disposable-email-domains') as string[]
    domains = loaded.sort()
  }
  return domains
}

export function isDisposableDomain(domain: string): boolean {
  const sorted = list()
  let low = 0
  let high = sorted.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const value = sorted[middle]!
    if (value === domain) return true
    if (value < domain) low = middle + 1
    else high = middle - 1
  }
  return false
}
