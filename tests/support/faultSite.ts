import { afterAll } from 'vitest'

import { removeDataDir, type Site } from '@tests/faults/harness'

/**
 * Registers the afterAll that stops the file's site and removes its data folder; `current` is read
 * then, because a fault test replaces the site (restarts) and sets the folder inside the test.
 */
export function stopSiteAndRemoveDataAfterAll(
  current: () => { site: Site | undefined; dataDir: string | undefined },
) {
  afterAll(async () => {
    const { site, dataDir } = current()
    await site?.stop()
    if (dataDir) await removeDataDir(dataDir)
  })
}
