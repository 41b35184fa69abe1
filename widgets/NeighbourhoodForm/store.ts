import { map } from 'nanostores'

import { MESSAGES } from '@/rules/messages'
import { slugify } from '@/rules/slug'
import { VIBES } from '@/rules/vibes'
import { keptValue, keptValues, type FormState } from '@/views/forms'
import type { NeighbourhoodFormInitial } from '@/views/neighbourhood'
import { ApiError } from '@widgets/lib/api'
import { send } from '@widgets/lib/client'
import { toast } from '@widgets/lib/toast'
import { uploadMedia } from '@widgets/lib/uploadMedia'
import { checkForm, formatCoordinate, type FormValues } from './formRules'

/**
 * The neighbourhood form's state and actions (SPEC §2 "Neighbourhood form", §4, §5, §8). The
 * island renders it and calls these; formRules.ts keeps the pure rules.
 */

export type NeighbourhoodFormMode = 'create' | 'edit'

export interface ImageChoice {
  file: File | null
  removeCurrent: boolean
}

export interface NeighbourhoodFormState {
  mode: NeighbourhoodFormMode
  /** The neighbourhood edited (edit only). */
  id: number | undefined
  values: FormValues
  /** On create the slug follows the name until it is edited by hand. */
  slugTouched: boolean
  image: ImageChoice
  error: string | null
  busy: boolean
  /** The notes shown once saved, while the neighbourhood page opens. */
  done: string[] | null
}

const emptyValues: FormValues = {
  name: '',
  slug: '',
  tagline: '',
  vibes: [],
  latitude: '',
  longitude: '',
}

export const $neighbourhoodForm = map<NeighbourhoodFormState>({
  mode: 'create',
  id: undefined,
  values: emptyValues,
  slugTouched: false,
  image: { file: null, removeCurrent: false },
  error: null,
  busy: false,
  done: null,
})

/** What a refused form comes back with: the values as typed. */
const valuesOf = (form: FormState): FormValues => ({
  name: keptValue(form, 'name'),
  slug: keptValue(form, 'slug'),
  tagline: keptValue(form, 'tagline'),
  vibes: keptValues(form, 'vibes'),
  latitude: keptValue(form, 'latitude'),
  longitude: keptValue(form, 'longitude'),
})

/**
 * Seeds the form from the island's props, before its first render reads the store (so the
 * server's HTML and hydration start from the same values).
 */
export function initNeighbourhoodForm(
  mode: NeighbourhoodFormMode,
  initial: NeighbourhoodFormInitial,
  form: FormState | undefined,
) {
  $neighbourhoodForm.set({
    mode,
    id: initial.id,
    values: form ? valuesOf(form) : initial,
    // On create the slug follows the name unless the page came with its own slug.
    slugTouched: mode === 'edit' || (initial.slug !== '' && initial.slug !== slugify(initial.name)),
    image: { file: null, removeCurrent: false },
    error: form?.error ?? null,
    busy: false,
    done: null,
  })
}

const setValues = (update: (v: FormValues) => FormValues) =>
  $neighbourhoodForm.setKey('values', update($neighbourhoodForm.get().values))

export const setFields = (patch: Partial<FormValues>) => setValues((v) => ({ ...v, ...patch }))

/** The name; the slug follows it until edited by hand. */
export function setName(name: string) {
  const { slugTouched } = $neighbourhoodForm.get()
  setValues((v) => ({ ...v, name, slug: slugTouched ? v.slug : slugify(name) }))
}

/** The slug as typed: from now on it no longer follows the name. */
export function editSlug(slug: string) {
  $neighbourhoodForm.setKey('slugTouched', true)
  setFields({ slug })
}

/** Ticks or unticks a vibe, keeping the spec's order of vibes. */
export function toggleVibe(vibe: string, checked: boolean) {
  const { vibes } = $neighbourhoodForm.get().values
  setFields({
    vibes: checked
      ? VIBES.filter((v) => v === vibe || vibes.includes(v))
      : vibes.filter((v) => v !== vibe),
  })
}

export const setImage = (image: ImageChoice) => $neighbourhoodForm.setKey('image', image)

/** Map click or search result: set the point, and name the place if the name is empty. */
export function placeAt(la: number, lo: number) {
  const { values, slugTouched } = $neighbourhoodForm.get()
  setFields({ latitude: formatCoordinate(la), longitude: formatCoordinate(lo) })
  if (values.name.trim()) return
  send('geocode.reverse', { lat: String(la), lon: String(lo) })
    .then(({ name }) => {
      if (!name) return
      setValues((v) =>
        v.name.trim() ? v : { ...v, name, slug: slugTouched ? v.slug : slugify(name) },
      )
    })
    .catch((e: unknown) => console.warn('reverse geocoding failed', e))
}

/** How long the success toasts stay readable before the neighbourhood page opens. */
const NAVIGATE_AFTER_MS = 1800

/** Server refusals with a specific message (validation, slug taken) are shown as they are. */
const saveError = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status === 400 ? error.message : fallback

/** Checks, uploads the image if one was chosen, then creates or updates the neighbourhood. */
export async function submitNeighbourhood() {
  const { mode, id, values, image, busy, done } = $neighbourhoodForm.get()
  if (busy || done) return
  const checked = checkForm(values)
  if (!checked.ok) {
    $neighbourhoodForm.setKey('error', checked.message)
    return
  }
  $neighbourhoodForm.set({ ...$neighbourhoodForm.get(), error: null, busy: true })
  const failed =
    mode === 'create' ? MESSAGES.neighbourhoodSubmitFailed : MESSAGES.neighbourhoodUpdateFailed
  try {
    let imageId: number | null | undefined = undefined
    if (image.file) {
      try {
        imageId = await uploadMedia(image.file, 'neighbourhood-image', checked.body.name)
      } catch (e) {
        $neighbourhoodForm.setKey('error', saveError(e, MESSAGES.imageUploadFailed))
        return
      }
    } else if (image.removeCurrent) imageId = null
    const body = { ...checked.body, ...(imageId !== undefined ? { image: imageId } : {}) }
    const saved =
      mode === 'create'
        ? await send('neighbourhoods.submit', body)
        : await send('neighbourhoods.edit', body, { id: id! })
    const { slug, populationStatus } = saved.doc
    const notes: string[] = []
    if (mode === 'create') {
      toast.success(MESSAGES.neighbourhoodSubmitted)
      notes.push(MESSAGES.neighbourhoodSubmitted)
      if (slug !== checked.body.slug) {
        notes.push(`“${checked.body.slug}” was taken, so its address is /neighbourhood/${slug}.`)
      }
      if (populationStatus) {
        const show = populationStatus.ok ? toast.success : toast.error
        show(populationStatus.message)
        notes.push(populationStatus.message)
      }
    } else {
      toast.success(MESSAGES.neighbourhoodUpdated)
      notes.push(MESSAGES.neighbourhoodUpdated)
    }
    const current = $neighbourhoodForm.get()
    $neighbourhoodForm.set({ ...current, values: { ...current.values, slug }, done: notes })
    setTimeout(() => window.location.assign(`/neighbourhood/${slug}`), NAVIGATE_AFTER_MS)
  } catch (e) {
    $neighbourhoodForm.setKey('error', saveError(e, failed))
  } finally {
    $neighbourhoodForm.setKey('busy', false)
  }
}
