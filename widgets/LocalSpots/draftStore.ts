import { map } from 'nanostores'

import type { VibeEmojiName } from '@/rules/localSpots'
import type { LocalSpotView } from '@/views/localSpot'

/* ----------------------------------------------------------------------------------------------
 * The form's draft: 'Suggest a Local Spot' / 'Edit Business' (SPEC §2, §4, §5). Its actions are
 * in ./formStore.ts, the address search and maps link in ./addressStore.ts.
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
