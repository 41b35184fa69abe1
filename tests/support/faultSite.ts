import { afterAll, inject } from 'vitest'

import { freshDataDir, removeDataDir, startSite, type Site } from '@tests/faults/harness'

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
  }
}
