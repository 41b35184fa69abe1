import { useStore } from '@nanostores/react'
import type { MapStore } from 'nanostores'

/**
 * One key of a map store that many islands on a page share (a reaction bar per target, a thread
 * per target): the component is drawn again only when its own key changes. Following the whole
 * map would draw every follower again on each key's change, and a store change draws
 * synchronously.
 */
export function useStoreKey<Value>(
  store: MapStore<Record<string, Value>>,
  key: string,
): Value | undefined {
  return useStore(store, { keys: [key], deps: [store, key] })[key]
}
