import { atom, map } from 'nanostores'

import { MESSAGES } from '@/rules/messages'
import type { LocalSpotPage, LocalSpotsScreen, LocalSpotView } from '@/views/localSpot'
import { send } from '@widgets/lib/client'
import { subscribeChannel } from '@widgets/lib/realtime'
import { toast } from '@widgets/lib/toast'

/* ----------------------------------------------------------------------------------------------
 * The list: the spots shown, paging, live updates, delete.
 * -------------------------------------------------------------------------------------------- */

export interface SpotsState {
  neighbourhood: LocalSpotsScreen['neighbourhood']
  spots: LocalSpotView[]
  /** Pages of 9 shown so far. */
  pages: number
  total: number
  hasMore: boolean
  /** Server time minus browser time at the last read: the edit window follows the server. */
  skewMs: number
  /** When the HTML was made; relative times use it until the island has mounted. */
  renderedAt: string
  mounted: boolean
  loadingMore: boolean
  live: 'connecting' | 'subscribed'
}

export const $spots = map<SpotsState>({
  neighbourhood: { id: 0, slug: '', name: '' },
  spots: [],
  pages: 1,
  total: 0,
  hasMore: false,
  skewMs: 0,
  renderedAt: new Date(0).toISOString(),
  mounted: false,
  loadingMore: false,
  live: 'connecting',
})

/** Which card's delete question is open. */
export const $deleting = atom<LocalSpotView | null>(null)

const skewOf = (list: LocalSpotPage) => Date.parse(list.now) - Date.now()

/** Seeds the store from the page's HTML data (same view models: hydration matches). */
export function initSpots(screen: LocalSpotsScreen) {
  const s = $spots.get()
  // In the browser once per page; on the server (one module for every request) each render.
  const browser = typeof window !== 'undefined'
  if (browser && s.neighbourhood.id === screen.neighbourhood.id && s.renderedAt === screen.list.now)
    return
  $spots.set({
    neighbourhood: screen.neighbourhood,
    spots: screen.list.spots,
    pages: screen.list.pages,
    total: screen.list.total,
    hasMore: screen.list.hasMore,
    skewMs: 0,
    renderedAt: screen.list.now,
    mounted: false,
    loadingMore: false,
    live: 'connecting',
  })
}

/** After hydration: times become live and the skew to the server's clock is known. */
export function markMounted(now: string) {
  $spots.setKey('skewMs', Date.parse(now) - Date.now())
  $spots.setKey('mounted', true)
}

/** The server's clock as the browser best knows it (for the 7-day window shown in the form). */
export const serverNow = () => new Date(Date.now() + $spots.get().skewMs)

const readList = (page: number, pages = 1) =>
  send('localSpots.list', {
    neighbourhood: String($spots.get().neighbourhood.id),
    page: String(page),
    pages: String(pages),
  })

/** Keeps the address bar's ?pages= in step, so a reload shows as many spots. */
function rememberPages(pages: number) {
  if (typeof window === 'undefined') return
  const url = new URL(window.location.href)
  if (pages > 1) url.searchParams.set('pages', String(pages))
  else url.searchParams.delete('pages')
  window.history.replaceState(window.history.state, '', url)
}

/** 'Show more local spots': the next 9 from the server. */
export async function loadMoreSpots() {
  const s = $spots.get()
  if (s.loadingMore || !s.hasMore) return
  $spots.setKey('loadingMore', true)
  try {
    const next = await readList(s.pages + 1)
    const current = $spots.get()
    const known = new Set(current.spots.map((spot) => spot.id))
    $spots.set({
      ...current,
      spots: [...current.spots, ...next.spots.filter((spot) => !known.has(spot.id))],
      pages: next.pages,
      total: next.total,
      hasMore: next.hasMore,
      skewMs: skewOf(next),
      loadingMore: false,
    })
    rememberPages(next.pages)
  } catch (e) {
    console.warn('Could not load more local spots', e)
    $spots.setKey('loadingMore', false)
  }
}

/** Re-reads every page shown (after a write, a live change or a reconnect). */
export async function reloadSpots() {
  const s = $spots.get()
  try {
    const list = await readList(1, Math.max(1, s.pages))
    $spots.set({
      ...$spots.get(),
      spots: list.spots,
      total: list.total,
      hasMore: list.hasMore,
      skewMs: skewOf(list),
    })
  } catch (e) {
    // SPEC §8: fetch errors on lists are only logged.
    console.warn('Could not reload local spots', e)
  }
}

/** Live: new, edited and removed spots of the neighbourhood (reactions keep themselves live). */
export function watchSpots(channel: string) {
  return subscribeChannel(
    channel,
    {
      'pusher:subscription_succeeded': () => $spots.setKey('live', 'subscribed'),
      'business.created': () => void reloadSpots(),
      'business.updated': () => void reloadSpots(),
      'business.deleted': (data) => {
        const id = Number((data as { id?: unknown }).id)
        const s = $spots.get()
        $spots.set({
          ...s,
          spots: s.spots.filter((spot) => spot.id !== id),
          total: Math.max(0, s.total - (s.spots.some((spot) => spot.id === id) ? 1 : 0)),
        })
      },
    },
    () => void reloadSpots(),
  )
}

/** Owner's Delete after 'Delete this business?'. */
export async function deleteSpot(id: number) {
  try {
    await send('localSpots.remove', {}, { id })
    const s = $spots.get()
    $spots.set({ ...s, spots: s.spots.filter((spot) => spot.id !== id), total: s.total - 1 })
    toast.success(MESSAGES.spotDeleted)
    void reloadSpots()
  } catch (e) {
    console.warn('Delete failed', e)
    toast.error('Failed to delete.')
  }
}
