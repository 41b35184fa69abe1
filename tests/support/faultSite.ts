import { afterAll, inject } from 'vitest'

import { freshDataDir, removeDataDir, startSite, waitFor, type Site } from '@tests/faults/harness'

/**
 * A fault file's site on its own copy of the template database. `start` starts it, and starts it
 * again on the same folder after a stop or a kill (pass the old port to keep the address); the
 * afterAll stops whichever site runs last and removes the folder. The folder is copied the first
 * time `dataDir` is read (or the site started), not when the file loads.
 */
export function faultSiteForFile(name: string) {
  let site: Site | undefined
  let dataDir = ''
  afterAll(async () => {
    await site?.stop()
    if (dataDir) await removeDataDir(dataDir)
  })
  return {
    get dataDir(): string {
      dataDir ||= freshDataDir(inject('faultsTemplate'), name)
      return dataDir
    },
    async start(env: Record<string, string> = {}, port?: number): Promise<Site> {
      site = await startSite(this.dataDir, env, port)
      return site
    },
    /**
     * Kills the running site (-9) once `count()` reaches three, mid-batch, and starts it again at
     * its address: answers the new site and the count at the kill.
     */
    async killMidway(env: Record<string, string>, count: () => number, what: string) {
      const running = site!
      await waitFor(() => count() >= 3, 60_000, what)
      await running.kill()
      const atKill = count()
      return { site: await this.start(env, running.port), atKill }
    },
  }
}
