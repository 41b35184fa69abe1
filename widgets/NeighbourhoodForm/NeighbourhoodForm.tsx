import { useRef, useState } from 'react'

import { MESSAGES } from '@/rules/messages'
import { slugify } from '@/rules/slug'
import { VIBES } from '@/rules/vibes'
import { formAction, keptValue, keptValues, type FormState } from '@/views/forms'
import { api, ApiError } from '@widgets/lib/api'
import { uploadMedia } from '@widgets/lib/uploadMedia'
import type { TileConfig } from '@widgets/lib/leaflet'
import { toast } from '@widgets/lib/toast'
import { useTypedBeforeHydration } from '@widgets/lib/typedBeforeHydration'
import AddressSearch from './AddressSearch'
import { checkForm, formatCoordinate, parseCoordinate, type FormValues } from './formRules'
import ImageField from './ImageField'
import LocationMap from './LocationMap'
import './NeighbourhoodForm.css'

export interface NeighbourhoodFormProps {
  mode: 'create' | 'edit'
  /** Edit: the stored neighbourhood; create: the name/slug query parameters. */
  initial: FormValues & { id?: number; imageUrl?: string | null }
  tiles: TileConfig
  /** The form as it came back refused (posted before or without JavaScript). */
  form?: FormState
}

/** What a refused form comes back with: the values as typed. */
const valuesOf = (form: FormState): FormValues => ({
  name: keptValue(form, 'name'),
  slug: keptValue(form, 'slug'),
  tagline: keptValue(form, 'tagline'),
  vibes: keptValues(form, 'vibes'),
  latitude: keptValue(form, 'latitude'),
  longitude: keptValue(form, 'longitude'),
})

interface Saved {
  doc: { id: number; slug: string; populationStatus?: { ok: boolean; message: string } }
}

/** How long the success toasts stay readable before the neighbourhood page opens. */
const NAVIGATE_AFTER_MS = 1800

/** Server refusals with a specific message (validation, slug taken) are shown as they are. */
const saveError = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status === 400 ? error.message : fallback

/**
 * Submit or edit a neighbourhood (SPEC §2 "Neighbourhood form", §4, §5, §8). The slug follows the
 * name until it is edited by hand; the map, the coordinate inputs and the address search stay in
 * step; after a map click or a search the name is prefilled from reverse geocoding when empty.
 */
export default function NeighbourhoodForm({ mode, initial, tiles, form }: NeighbourhoodFormProps) {
  const [values, setValues] = useState<FormValues>(form ? valuesOf(form) : initial)
  // On create the slug follows the name unless the page came with its own slug.
  const [slugTouched, setSlugTouched] = useState(
    mode === 'edit' || (initial.slug !== '' && initial.slug !== slugify(initial.name)),
  )
  const [image, setImage] = useState<{ file: File | null; removeCurrent: boolean }>({
    file: null,
    removeCurrent: false,
  })
  const [error, setError] = useState<string | null>(form?.error ?? null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<string[] | null>(null)

  const set = (patch: Partial<FormValues>) => setValues((v) => ({ ...v, ...patch }))
  const setName = (name: string) =>
    setValues((v) => ({ ...v, name, slug: slugTouched ? v.slug : slugify(name) }))

  const lat = parseCoordinate(values.latitude, 90)
  const lon = parseCoordinate(values.longitude, 180)
  const point: [number, number] | null = lat !== undefined && lon !== undefined ? [lat, lon] : null

  /** Map click or search result: set the point, and name the place if the name is empty. */
  const placeAt = (la: number, lo: number) => {
    set({ latitude: formatCoordinate(la), longitude: formatCoordinate(lo) })
    if (values.name.trim()) return
    api<{ name: string | null }>(`/api/geocode/reverse?lat=${la}&lon=${lo}`)
      .then(({ name }) => {
        if (!name) return
        setValues((v) =>
          v.name.trim() ? v : { ...v, name, slug: slugTouched ? v.slug : slugify(name) },
        )
      })
      .catch((e: unknown) => console.warn('reverse geocoding failed', e))
  }

  const formRef = useRef<HTMLFormElement>(null)
  useTypedBeforeHydration(formRef, {
    name: (name) => set({ name }),
    slug: (slug) => set({ slug }),
    tagline: (tagline) => set({ tagline }),
    latitude: (latitude) => set({ latitude }),
    longitude: (longitude) => set({ longitude }),
  })

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (busy || done) return
    const checked = checkForm(values)
    if (!checked.ok) {
      setError(checked.message)
      return
    }
    setError(null)
    setBusy(true)
    const failed =
      mode === 'create' ? MESSAGES.neighbourhoodSubmitFailed : MESSAGES.neighbourhoodUpdateFailed
    try {
      let imageId: number | null | undefined = undefined
      if (image.file) {
        try {
          imageId = await uploadMedia(image.file, 'neighbourhood-image', checked.body.name)
        } catch (e) {
          setError(saveError(e, MESSAGES.imageUploadFailed))
          return
        }
      } else if (image.removeCurrent) imageId = null
      const body = { ...checked.body, ...(imageId !== undefined ? { image: imageId } : {}) }
      const saved =
        mode === 'create'
          ? await api<Saved>('/api/neighbourhoods', { method: 'POST', json: body })
          : await api<Saved>(`/api/neighbourhoods/${initial.id}?depth=0`, {
              method: 'PATCH',
              json: body,
            })
      const { slug, populationStatus } = saved.doc
      const notes: string[] = []
      if (mode === 'create') {
        toast.success(MESSAGES.neighbourhoodSubmitted)
        notes.push(MESSAGES.neighbourhoodSubmitted)
        if (slug !== checked.body.slug) {
          notes.push(`“${checked.body.slug}” was taken, so its address is /neighbourhood/${slug}.`)
        }
        // Not configured is the operator's business, not the submitter's: said only in the log.
        if (populationStatus && populationStatus.message !== MESSAGES.populationNotConfigured) {
          const show = populationStatus.ok ? toast.success : toast.error
          show(populationStatus.message)
          notes.push(populationStatus.message)
        }
      } else {
        toast.success(MESSAGES.neighbourhoodUpdated)
        notes.push(MESSAGES.neighbourhoodUpdated)
      }
      setValues((v) => ({ ...v, slug }))
      setDone(notes)
      setTimeout(() => window.location.assign(`/neighbourhood/${slug}`), NAVIGATE_AFTER_MS)
    } catch (e) {
      setError(saveError(e, failed))
    } finally {
      setBusy(false)
    }
  }

  const title = mode === 'create' ? 'Submit Neighbourhood' : 'Save Changes'
  const busyTitle = mode === 'create' ? 'Submitting...' : 'Saving...'

  return (
    <form
      ref={formRef}
      className="nf"
      method="post"
      encType="multipart/form-data"
      action={formAction(mode === 'create' ? 'neighbourhood' : 'editNeighbourhood')}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-describedby="nf-required"
    >
      {initial.id !== undefined && <input type="hidden" name="id" value={initial.id} />}
      <p id="nf-required" className="nf-hint">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
      <div className="nf-grid">
        <div className="nf-col">
          <div className="nf-field">
            <label htmlFor="nf-name">
              Name <span aria-hidden="true">*</span>
            </label>
            <input
              id="nf-name"
              name="name"
              value={values.name}
              aria-required="true"
              maxLength={100}
              autoComplete="off"
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <div className="nf-field">
            <label htmlFor="nf-slug">
              Slug <span aria-hidden="true">*</span>
            </label>
            <input
              id="nf-slug"
              name="slug"
              value={values.slug}
              aria-required="true"
              aria-describedby="nf-slug-hint"
              maxLength={100}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => {
                setSlugTouched(true)
                set({ slug: e.target.value })
              }}
              onBlur={(e) => set({ slug: slugify(e.target.value) })}
            />
            <p id="nf-slug-hint" className="nf-hint">
              The page address: /neighbourhood/{values.slug || '…'}
            </p>
          </div>
          <div className="nf-field">
            <label htmlFor="nf-tagline">
              Tagline <span aria-hidden="true">*</span>
            </label>
            <input
              id="nf-tagline"
              name="tagline"
              value={values.tagline}
              aria-required="true"
              maxLength={200}
              onChange={(e) => set({ tagline: e.target.value })}
            />
          </div>
          <fieldset className="nf-field nf-vibes">
            <legend>
              Vibes <span aria-hidden="true">*</span>
            </legend>
            <div className="nf-vibe-list">
              {VIBES.map((vibe) => (
                <label key={vibe} className="nf-vibe">
                  <input
                    type="checkbox"
                    name="vibes"
                    value={vibe}
                    checked={values.vibes.includes(vibe)}
                    onChange={(e) =>
                      set({
                        vibes: e.target.checked
                          ? VIBES.filter((v) => v === vibe || values.vibes.includes(v))
                          : values.vibes.filter((v) => v !== vibe),
                      })
                    }
                  />
                  <span>{vibe}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <ImageField
            currentUrl={initial.imageUrl ?? null}
            file={image.file}
            removeCurrent={image.removeCurrent}
            onChange={setImage}
          />
        </div>
        <div className="nf-col">
          <AddressSearch onFound={(place) => placeAt(place.lat, place.lon)} />
          <div className="nf-coords">
            <div className="nf-field">
              <label htmlFor="nf-lat">Latitude</label>
              <input
                id="nf-lat"
                name="latitude"
                inputMode="decimal"
                autoComplete="off"
                value={values.latitude}
                onChange={(e) => set({ latitude: e.target.value })}
              />
            </div>
            <div className="nf-field">
              <label htmlFor="nf-lon">Longitude</label>
              <input
                id="nf-lon"
                name="longitude"
                inputMode="decimal"
                autoComplete="off"
                value={values.longitude}
                onChange={(e) => set({ longitude: e.target.value })}
              />
            </div>
          </div>
          <LocationMap point={point} tiles={tiles} onPick={placeAt} />
          <p className="nf-hint">Click the map to set the location.</p>
        </div>
      </div>
      <div className="nf-actions">
        <p className="nf-error-text" role="alert">
          {error ?? ''}
        </p>
        {done && (
          <div className="nf-done" role="status">
            {done.map((note) => (
              <p key={note}>{note}</p>
            ))}
            <p>
              Opening <a href={`/neighbourhood/${values.slug}`}>/neighbourhood/{values.slug}</a>…
            </p>
          </div>
        )}
        <button type="submit" disabled={busy || Boolean(done)}>
          {busy ? busyTitle : title}
        </button>
      </div>
    </form>
  )
}
