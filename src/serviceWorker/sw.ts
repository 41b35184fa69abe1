/// <reference lib="webworker" />
/**
 * The service worker (built by ./build.ts into /sw.js): pages a reader opened stay readable
 * without a connection, marked as saved; a page never opened gets /offline listing the saved
 * ones. Workbox does the caching; this file only says what may be kept and how it is shown.
 * Nothing private is kept: only GET pages the server calls public, never /api, /admin or a
 * `private` / `no-store` answer. Every cache is named after the release, and a new release
 * deletes the old ones (a saved page needs its own release's styles and scripts).
 */
import { clientsClaim, setCacheNameDetails, type WorkboxPlugin } from 'workbox-core'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { ExpirationPlugin } from 'workbox-expiration'
import { matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { registerRoute, setCatchHandler } from 'workbox-routing'
import { CacheFirst, NetworkFirst } from 'workbox-strategies'

import { offlineNotice } from '@/rules/offline'
import { handlePushes } from './push'
import {
  isKeptImage,
  isKeptPath,
  isPublicAnswer,
  isPublicImage,
  OFFLINE_PAGE,
  savedPagesList,
  withNotice,
} from './savedPages'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] }
/** This build's id (./build.ts): part of every cache's name. */
declare const RELEASE: string

const PREFIX = 'belong'
setCacheNameDetails({ prefix: PREFIX, suffix: RELEASE })
const PAGES = `${PREFIX}-pages-${RELEASE}`
const ASSETS = `${PREFIX}-assets-${RELEASE}`
const IMAGES = `${PREFIX}-images-${RELEASE}`

void self.skipWaiting()
clientsClaim()

// The offline page, the styles, icons and manifest: there before the first page is saved.
precacheAndRoute(self.__WB_MANIFEST)

/** Keeps only answers anyone may see (src/serviceWorker/savedPages.ts says which). */
const publicOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (isPublicAnswer(response) ? response : null),
}
/** A saved page served without the network says so, and when it was saved. */
const savedNotice: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) =>
    cachedResponse &&
    withNotice(
      cachedResponse,
      offlineNotice(new Date(cachedResponse.headers.get('date') ?? Date.now()), new Date()),
    ),
}

// Pages: the network first, the saved copy without one. A page asks to keep itself on the first
// visit (src/components/ServiceWorker.astro) with a plain request that accepts HTML.
const asksForPage = (request: Request) =>
  request.mode === 'navigate' || (request.headers.get('accept') ?? '').includes('text/html')
registerRoute(
  ({ request, url }) =>
    asksForPage(request) && url.origin === self.location.origin && isKeptPath(url.pathname),
  new NetworkFirst({
    cacheName: PAGES,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      publicOnly,
      new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true }),
      savedNotice,
    ],
  }),
)

// Built scripts and styles have their hash in their name: a kept copy never goes stale.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/_astro/'),
  new CacheFirst({
    cacheName: ASSETS,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true }),
    ],
  }),
)

// Images of the pages read (emoji, avatars, photos): an image's address names one file, so a kept
// copy is used first; without it a saved page would read offline with holes.
registerRoute(
  ({ url }) => url.origin === self.location.origin && isKeptImage(url.pathname),
  new CacheFirst({
    cacheName: IMAGES,
    plugins: [
      {
        cacheWillUpdate: async ({ response }) => (isPublicImage(response) ? response : null),
      },
      new ExpirationPlugin({ maxEntries: 150, purgeOnQuotaError: true }),
    ],
  }),
)

// A page neither reachable nor saved: the offline page, listing what is saved.
setCatchHandler(async ({ request }) => {
  if (request.mode !== 'navigate') return Response.error()
  const page = await matchPrecache(OFFLINE_PAGE)
  if (!page) return Response.error()
  return savedPagesList(page, await caches.open(PAGES))
})

// A new release: the previous releases' caches go (Workbox's precache cleans only its own).
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((n) => n.startsWith(`${PREFIX}-`) && !n.endsWith(`-${RELEASE}`))
            .map((n) => caches.delete(n)),
        ),
      ),
  )
})

// Push notifications (./push.ts): shown, and opened when tapped.
handlePushes()
