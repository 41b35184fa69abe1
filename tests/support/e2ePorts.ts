/**
 * The e2e server's port and the ones above it: +1000 the test identity provider (OIDC), +2000
 * the fake geocoder, +3000 the push service. A Playwright run draws its own; `npm test`, which
 * runs two at once (scripts/test.ts), draws the second clear of the first.
 */

/**
 * The Fetch standard's blocked ports in the ranges used (Node's fetch answers 'bad port',
 * browsers refuse to load them): a run that drew 4190 failed every fetch to the site.
 */
const BLOCKED_PORTS = new Set([
  4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697,
])

/** The ports a run on `port` listens on. */
export const portsOf = (port: number) => [port, port + 1000, port + 2000, port + 3000]

/** A port in 3900–4799 whose ports are all usable and none of them in `taken`. */
export function drawPort(taken: number[] = []): number {
  for (;;) {
    const port = 3900 + Math.floor(Math.random() * 900)
    if (!portsOf(port).some((p) => BLOCKED_PORTS.has(p) || taken.includes(p))) return port
  }
}
