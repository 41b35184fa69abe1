import type { AdminHandler } from '@/server/site/site'
import { buildAdmin, lateAdmin, startAdmin } from './admin'

/**
 * The admin beside the public site: its build (when its sources changed) starts once the site's
 * is done, since both take both cores and the site is then up sooner, and runs in the
 * background; /admin answers that it is being prepared until Next has started. Stopping the
 * process while it builds stops the build too.
 */
export class BackgroundAdmin {
  private readonly abort = new AbortController()
  private build: Promise<void> | undefined

  constructor(
    private readonly projectRoot: string,
    private readonly dev: boolean,
    private readonly log: (line: string) => void,
  ) {}

  startBuild(): void {
    this.build = buildAdmin(
      this.projectRoot,
      process.env,
      (line) => this.log(`admin build: ${line}`),
      this.abort.signal,
    )
    // Its failure is told by the admin's handler, or by built() after --build-only.
    this.build.catch(() => {})
  }

  get building(): boolean {
    return this.build !== undefined
  }

  /** Done when the build is (at once when none runs); rejects when it failed. */
  async built(): Promise<void> {
    await this.build
  }

  /** /admin as the site calls it from the start: Next starts once the build is done. */
  handler(): AdminHandler {
    return lateAdmin(async () => {
      await this.build
      return startAdmin(this.projectRoot, this.dev)
    }, this.log)
  }

  stop(): void {
    this.abort.abort()
  }
}
