import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { afterCommit } from './afterCommit'

type StaleListener = (reason: string) => void

// On globalThis because the admin's Next bundle carries its own copy of this module.
const registry = globalThis as typeof globalThis & { __belongSiteStale?: Set<StaleListener> }
registry.__belongSiteStale ??= new Set()

/** The server's rebuild scheduler listens here. */
export function onSiteStale(listener: StaleListener): () => void {
  registry.__belongSiteStale!.add(listener)
  return () => registry.__belongSiteStale!.delete(listener)
}

export function siteIsStale(reason: string): void {
  for (const listener of registry.__belongSiteStale!) listener(reason)
}

/** Hook for collections whose content appears on prerendered pages. */
export const markSiteStale: CollectionAfterChangeHook & CollectionAfterDeleteHook = ({
  collection,
  doc,
  req,
  context,
}) => {
  if (!context.disableRevalidate) afterCommit(req, () => siteIsStale(collection.slug))
  return doc
}
