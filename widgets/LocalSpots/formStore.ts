import {
  CATEGORY_LABELS,
  categoryLabel,
  normaliseCategory,
  SPOT_CATEGORIES,
  type SpotCategory,
  type VibeEmojiName,
} from '@/rules/localSpots'
import { MESSAGES } from '@/rules/messages'
import { canStillEdit, type LocalSpotView } from '@/views/localSpot'
import { ApiError } from '@widgets/lib/api'
import { send } from '@widgets/lib/client'
import { toast } from '@widgets/lib/toast'
import { imageProblem, uploadMedia } from '@widgets/lib/uploadMedia'
import { cancelAddressSearch, isMapsUrl } from './addressStore'
import { $draft, emptyDraft, type SpotDraft } from './draftStore'
import { $spots, reloadSpots, serverNow } from './listStore'

/* ----------------------------------------------------------------------------------------------
 * The form's actions: 'Suggest a Local Spot' / 'Edit Business' (SPEC §2, §4, §5).
 * -------------------------------------------------------------------------------------------- */

/** SPEC §9: the confirmation before submitting lasts 10 seconds. */
export const CONFIRM_MS = 10_000

let confirmTimer: ReturnType<typeof setTimeout> | undefined

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
  cancelAddressSearch()
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
  const problem = await imageProblem(file, 'business-image')
  if (problem) {
    $draft.setKey('imageError', problem)
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
  }
  try {
    if (editing) await send('localSpots.edit', body, { id: editing.id })
    else await send('localSpots.suggest', { ...body, neighbourhood: $spots.get().neighbourhood.id })
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
