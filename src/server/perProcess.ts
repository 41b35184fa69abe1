/**
 * Values that must be one per process, although the modules that keep them are loaded more than
 * once in it: the site build's server bundle (Astro's, loaded by src/server/site/pageRenderer.ts)
 * and the admin's Next bundle carry their own copies of the server's modules beside the Node
 * side's, so a value kept in a module's own scope would be one per copy. A hook that runs in the
 * build's copy must queue its after-commit task, see a primary-read scope and drop the read
 * cache's entries exactly where the Node side does. Such values are kept here by name, on the
 * process's global object; nothing else in src/ or collections/ touches it.
 */
const shared = globalThis as typeof globalThis & { __belong?: Map<string, unknown> }
const values = (shared.__belong ??= new Map<string, unknown>())

/** The process's one value named `name`, made by whichever copy asks first. */
export function perProcess<T>(name: string, make: () => T): T {
  if (!values.has(name)) values.set(name, make())
  return values.get(name) as T
}
