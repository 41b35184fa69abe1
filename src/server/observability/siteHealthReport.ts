import { perProcess } from '@/server/perProcess'

/**
 * The admin's site health as the admin bundle reads it. The admin (a Next app, cms/) bundles its
 * own copies of modules, without this process's figures, so the server offers its reader as a
 * per-process value (src/server/perProcess.ts) and the admin asks through it.
 */
export type HealthState = 'ok' | 'attention' | 'unknown'

export interface HealthLine {
  /** What the line is about, in plain words ('Pages after a write'). */
  title: string
  state: HealthState
  /** What the figures say now. */
  summary: string
  /** What the promise is, or what to look at when it is broken. */
  hint: string
  /** An admin page that shows more (the jobs list). */
  link?: { href: string; label: string }
}

export interface HealthReport {
  /** When the figures were read (ISO). */
  at: string
  lines: HealthLine[]
}

const offered = perProcess('siteHealth', () => ({
  read: undefined as (() => Promise<HealthReport>) | undefined,
}))

/** Called once by the server process (siteHealth.ts). */
export function offerSiteHealth(read: () => Promise<HealthReport>) {
  offered.read = read
}

/** The live report; undefined when this process does not serve the site (a bare admin build). */
export async function readSiteHealth(): Promise<HealthReport | undefined> {
  return offered.read?.()
}
