// What the e2e files put on the page's window (page.evaluate / addInitScript) to watch it.
interface TestPusherChannel {
  bind: (event: string, fn: (data: never) => void) => void
}

interface Window {
  /** pusher-js as the shell loads it. */
  Pusher: new (key: string, options: object) => { subscribe: (name: string) => TestPusherChannel }
  ownJoined?: boolean
  headerShift: number
  bellChanged: Promise<number>
}

interface LayoutShiftEntry extends PerformanceEntry {
  value: number
  sources?: { node?: Node | null }[]
}
