import { atom, map } from 'nanostores'

import { checkImage } from '@/rules/imageFile'
import {
  CATEGORY_LABELS,
  categoryLabel,
  coordinatesFromMapsUrl,
  normaliseCategory,
  SPOT_CATEGORIES,
  type SpotCategory,
  type VibeEmojiName,
} from '@/rules/localSpots'
import { MESSAGES } from '@/rules/messages'
import { mapsUrlSchema } from '@/schemas/localBusiness'
import {
  canStillEdit,
  LOCAL_SPOTS_PAGE_SIZE,
  type LocalSpotPage,
  type LocalSpotsScreen,
  type LocalSpotView,
} from '@/views/localSpot'
import { api, ApiError } from '@widgets/lib/api'
import { subscribeChannel } from '@widgets/lib/realtime'
import { toast } from '@widgets/lib/toast'
import { uploadMedia } from '@widgets/lib/uploadMedia'

/** SPEC §9: the confirmation before submitting lasts 10 seconds; address search waits 400 ms. */
export const CONFIRM_MS = 10_000
export const ADDRESS_DEBOUNCE_MS = 400

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

const listUrl = (page: number, pages = 1) =>
  `/api/local-businesses/spots?neighbourhood=${$spots.get().neighbourhood.id}&page=${page}&pages=${pages}`

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
    const next = await api<LocalSpotPage>(listUrl(s.pages + 1))
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
    const list = await api<LocalSpotPage>(listUrl(1, Math.max(1, s.pages)))
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
    await api(`/api/local-businesses/${id}`, { method: 'DELETE' })
    const s = $spots.get()
    $spots.set({ ...s, spots: s.spots.filter((spot) => spot.id !== id), total: s.total - 1 })
    toast.success(MESSAGES.spotDeleted)
    void reloadSpots()
  } catch (e) {
    console.warn('Delete failed', e)
    toast.error('Failed to delete.')
  }
}

/* ----------------------------------------------------------------------------------------------
 * The form: 'Suggest a Local Spot' / 'Edit Business' (SPEC §2, §4, §5).
 * -------------------------------------------------------------------------------------------- */

export interface AddressOption {
  displayName: string
}

export interface SpotDraft {
  open: boolean
  /** The spot being edited, or null for a new suggestion. */
  editing: LocalSpotView | null
  name: string
  /** A known category key, 'other' while free text is being written, or ''. */
  categoryChoice: string
  /** What the searchable select's box shows (the chosen label, or what is being typed). */
  categoryText: string
  /** The free text written under Other. */
  customCategory: string
  description: string
  address: string
  addressQuery: string
  addressOptions: AddressOption[]
  addressStatus: string
  googleMapsUrl: string
  emojis: VibeEmojiName[]
  image: { file: File; preview: string } | null
  /** The stored image of the spot being edited (kept unless removed or replaced). */
  keptImage: { id: number; url: string } | null
  imageError: string
  confirmFirst: boolean
  /** A submission waiting for the confirmation (SPEC: the confirmation lasts 10 s). */
  confirming: boolean
  busy: boolean
  error: string
}

export const emptyDraft = (): SpotDraft => ({
  open: false,
  editing: null,
  name: '',
  categoryChoice: '',
  categoryText: '',
  customCategory: '',
  description: '',
  address: '',
  addressQuery: '',
  addressOptions: [],
  addressStatus: '',
  googleMapsUrl: '',
  emojis: [],
  image: null,
  keptImage: null,
  imageError: '',
  confirmFirst: true,
  confirming: false,
  busy: false,
  error: '',
})

export const $draft = map<SpotDraft>(emptyDraft())
/** Which card's delete question is open. */
export const $deleting = atom<LocalSpotView | null>(null)

let confirmTimer: ReturnType<typeof setTimeout> | undefined
let searchTimer: ReturnType<typeof setTimeout> | undefined
let searchSeq = 0
let reverseSeq = 0

function releasePreview() {
  const image = $draft.get().image
  if (image) URL.revokeObjectURL(image.preview)
}

export function openNewSpot() {
  releasePreview()
  $draft.set({ ...emptyDraft(), open: true })
}

export function openEditSpot(spot: LocalSpotView) {
  releasePreview()
  const isKey = (SPOT_CATEGORIES as readonly string[]).includes(spot.category)
  $draft.set({
    ...emptyDraft(),
    open: true,
    editing: spot,
    name: spot.name,
    categoryChoice: isKey ? spot.category : 'other',
    categoryText: isKey ? categoryLabel(spot.category) : CATEGORY_LABELS.other,
    customCategory: isKey ? '' : spot.category,
    description: spot.description,
    address: spot.address,
    addressQuery: spot.address,
    googleMapsUrl: spot.googleMapsUrl,
    emojis: [...spot.emojis],
    keptImage: spot.imageId && spot.imageUrl ? { id: spot.imageId, url: spot.imageUrl } : null,
  })
}

export function closeSpotForm() {
  clearTimeout(confirmTimer)
  clearTimeout(searchTimer)
  releasePreview()
  $draft.set(emptyDraft())
}

/** SPEC §4: an owner's edit after 7 days is refused; the form shows it by the server's clock. */
export function editExpired(draft: SpotDraft = $draft.get()): boolean {
  return !!draft.editing && !canStillEdit(draft.editing, serverNow())
}

export function setDraftField(
  field: 'name' | 'description' | 'customCategory' | 'confirmFirst',
  value: string | boolean,
) {
  $draft.setKey(field, value as never)
  if ($draft.get().error) $draft.setKey('error', '')
}

/** The searchable select: a known key, or 'other', which clears the category for free text. */
export function chooseCategory(choice: SpotCategory) {
  $draft.setKey('categoryChoice', choice)
  $draft.setKey('categoryText', CATEGORY_LABELS[choice])
  if (choice === 'other') $draft.setKey('customCategory', '')
  if ($draft.get().error) $draft.setKey('error', '')
}

/** Typing in the category box filters the list; typing a category's exact name chooses it. */
export function typeCategory(text: string) {
  $draft.setKey('categoryText', text)
  const match = SPOT_CATEGORIES.find(
    (c) => CATEGORY_LABELS[c].toLowerCase() === text.trim().toLowerCase(),
  )
  $draft.setKey('categoryChoice', match ?? '')
}

/** The categories the box offers for what has been typed (all when it shows the choice). */
export function categoryOptions(d: SpotDraft): SpotCategory[] {
  const text = d.categoryText.trim().toLowerCase()
  const chosen = d.categoryChoice && CATEGORY_LABELS[d.categoryChoice as SpotCategory]
  if (!text || chosen === d.categoryText) return [...SPOT_CATEGORIES]
  return SPOT_CATEGORIES.filter((c) => CATEGORY_LABELS[c].toLowerCase().includes(text))
}

export function toggleEmoji(name: VibeEmojiName) {
  const emojis = $draft.get().emojis
  $draft.setKey(
    'emojis',
    emojis.includes(name) ? emojis.filter((e) => e !== name) : [...emojis, name],
  )
}

/** Judges a picked or dropped file by its bytes (SPEC §5), then shows a preview. */
export async function pickImage(file: File) {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer())
  const check = checkImage('business-image', head, file.size)
  if (!check.ok) {
    $draft.setKey('imageError', check.message)
    return
  }
  releasePreview()
  $draft.setKey('image', { file, preview: URL.createObjectURL(file) })
  $draft.setKey('imageError', '')
}

export function removeImage() {
  releasePreview()
  $draft.setKey('image', null)
  $draft.setKey('keptImage', null)
  $draft.setKey('imageError', '')
}

/** Address autocomplete through the server's geocoding proxy, 400 ms after the last key. */
export function typeAddress(text: string) {
  $draft.setKey('addressQuery', text)
  clearTimeout(searchTimer)
  const q = text.trim()
  if (q.length < 3) {
    $draft.setKey('addressOptions', [])
    return
  }
  searchTimer = setTimeout(() => void searchAddress(q), ADDRESS_DEBOUNCE_MS)
}

async function searchAddress(q: string) {
  const seq = ++searchSeq
  try {
    const places = await api<{ displayName: string }[]>(
      `/api/geocode/search?q=${encodeURIComponent(q)}`,
    )
    if (seq !== searchSeq) return
    $draft.setKey(
      'addressOptions',
      places.map((p) => ({ displayName: p.displayName })),
    )
    $draft.setKey(
      'addressStatus',
      places.length ? `${places.length} addresses found` : MESSAGES.locationNotFound,
    )
  } catch (e) {
    if (seq !== searchSeq) return
    // SPEC §8: a failed lookup leaves the address empty.
    console.warn('Address search failed', e)
    $draft.setKey('addressOptions', [])
    $draft.setKey('address', '')
    $draft.setKey('addressStatus', MESSAGES.searchFailed)
  }
}

export function pickAddress(option: AddressOption) {
  clearTimeout(searchTimer)
  searchSeq++
  $draft.setKey('address', option.displayName)
  $draft.setKey('addressQuery', option.displayName)
  $draft.setKey('addressOptions', [])
  $draft.setKey('addressStatus', `Address: ${option.displayName}`)
}

/** Whether the maps link is a web URL (the preview link shows only then). */
export const isMapsUrl = (url: string) => mapsUrlSchema.safeParse(url.trim()).success

/**
 * SPEC §5: a maps link carrying coordinates (after '@' or q=lat,lon) gives the address by reverse
 * geocoding (empty when the lookup fails); otherwise the selected or existing address stays.
 */
export async function setMapsUrl(url: string) {
  $draft.setKey('googleMapsUrl', url)
  const coords = isMapsUrl(url) ? coordinatesFromMapsUrl(url) : null
  if (!coords) return
  const seq = ++reverseSeq
  try {
    const place = await api<{ address: string | null }>(
      `/api/geocode/reverse?lat=${coords.lat}&lon=${coords.lon}`,
    )
    if (seq !== reverseSeq) return
    $draft.setKey('address', place.address ?? '')
    $draft.setKey('addressQuery', place.address ?? '')
    $draft.setKey('addressStatus', place.address ? `Address: ${place.address}` : '')
  } catch (e) {
    if (seq !== reverseSeq) return
    console.warn('Reverse geocoding failed', e)
    $draft.setKey('address', '')
    $draft.setKey('addressQuery', '')
  }
}

/** What the form checks before asking the server (the server checks it all again). */
export function draftProblem(d: SpotDraft): string | null {
  if (!d.name.trim()) return MESSAGES.spotNameRequired
  const category = d.categoryChoice === 'other' ? d.customCategory : d.categoryChoice
  if (!normaliseCategory(category)) return MESSAGES.selectCategory
  if (d.googleMapsUrl.trim() && !isMapsUrl(d.googleMapsUrl)) return MESSAGES.mapsUrlInvalid
  if (d.imageError) return d.imageError
  return null
}

/** Submit: checks, then either asks for confirmation (default) or saves at once. */
export function submitSpot() {
  const d = $draft.get()
  if (d.busy || editExpired(d)) return
  const problem = draftProblem(d)
  if (problem) {
    $draft.setKey('error', problem)
    return
  }
  $draft.setKey('error', '')
  if (d.confirmFirst) {
    $draft.setKey('confirming', true)
    clearTimeout(confirmTimer)
    confirmTimer = setTimeout(() => $draft.setKey('confirming', false), CONFIRM_MS)
    return
  }
  void saveSpot()
}

export function cancelConfirmation() {
  clearTimeout(confirmTimer)
  $draft.setKey('confirming', false)
}

/** Uploads the image if any (a failure stops everything), then creates or updates the spot. */
export async function saveSpot(): Promise<boolean> {
  clearTimeout(confirmTimer)
  const d = $draft.get()
  const editing = d.editing
  $draft.setKey('confirming', false)
  $draft.setKey('busy', true)
  let image: number | null = d.keptImage?.id ?? null
  if (d.image) {
    try {
      image = await uploadMedia(d.image.file, 'business-image', d.name.trim())
    } catch (e) {
      console.warn('Image upload failed', e)
      const message = e instanceof ApiError && e.status === 400 ? e.message : 'Image upload failed.'
      $draft.setKey('busy', false)
      $draft.setKey('error', message)
      toast.error('Image upload failed.')
      return false
    }
  }
  const body = {
    name: d.name.trim(),
    category: d.categoryChoice === 'other' ? d.customCategory : d.categoryChoice,
    description: d.description.trim(),
    address: d.address.trim(),
    googleMapsUrl: d.googleMapsUrl.trim(),
    emojis: d.emojis,
    image,
    ...(editing ? {} : { neighbourhood: $spots.get().neighbourhood.id }),
  }
  try {
    await api(editing ? `/api/local-businesses/${editing.id}` : '/api/local-businesses', {
      method: editing ? 'PATCH' : 'POST',
      json: body,
    })
    toast.success(editing ? MESSAGES.spotUpdated : MESSAGES.spotSuggested)
    closeSpotForm()
    await reloadSpots()
    return true
  } catch (e) {
    const failure = editing ? 'Failed to update.' : 'Failed to submit. Try again.'
    $draft.setKey('busy', false)
    $draft.setKey(
      'error',
      e instanceof ApiError && e.status < 500 && e.message ? e.message : failure,
    )
    toast.error(failure)
    return false
  }
}

/** How many cards a full page shows (the grid's paging unit). */
export const PAGE_SIZE = LOCAL_SPOTS_PAGE_SIZE
