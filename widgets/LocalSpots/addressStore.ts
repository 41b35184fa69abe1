import { coordinatesFromMapsUrl, isWebLink } from '@/rules/localSpots'
import { MESSAGES } from '@/rules/messages'
import { send } from '@widgets/lib/client'
import { $draft, type AddressOption } from './draftStore'

/* ----------------------------------------------------------------------------------------------
 * The form's address: autocomplete through the geocoding proxy, and the maps link (SPEC §5).
 * -------------------------------------------------------------------------------------------- */

/** SPEC §9: address search waits 400 ms. */
export const ADDRESS_DEBOUNCE_MS = 400

let searchTimer: ReturnType<typeof setTimeout> | undefined
let searchSeq = 0
let reverseSeq = 0

/** Drops a search still waiting for its 400 ms (the form closes). */
export function cancelAddressSearch() {
  clearTimeout(searchTimer)
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
    const places = await send('geocode.search', { q })
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
export const isMapsUrl = (url: string) => isWebLink(url)

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
    const place = await send('geocode.reverse', {
      lat: String(coords.lat),
      lon: String(coords.lon),
    })
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
