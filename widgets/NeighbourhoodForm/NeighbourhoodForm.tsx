import { useStore } from '@nanostores/react'
import { useRef, useState } from 'react'

import { slugify } from '@/rules/slug'
import { VIBES } from '@/rules/vibes'
import { formAction, type FormState } from '@/views/forms'
import type { NeighbourhoodFormInitial } from '@/views/neighbourhood'
import type { TileConfig } from '@widgets/lib/leaflet'
import { useTypedBeforeHydration } from '@widgets/lib/typedBeforeHydration'
import AddressSearch from './AddressSearch'
import CoordinateField from './CoordinateField'
import { parseCoordinate } from './formRules'
import ImageField from './ImageField'
import LocationMap from './LocationMap'
import {
  $neighbourhoodForm,
  editSlug,
  initNeighbourhoodForm,
  placeAt,
  setFields,
  setImage,
  setName,
  submitNeighbourhood,
  toggleVibe,
  type NeighbourhoodFormMode,
} from './store'
import './NeighbourhoodForm.css'

export interface NeighbourhoodFormProps {
  mode: NeighbourhoodFormMode
  /** Edit: the stored neighbourhood; create: the name/slug query parameters. */
  initial: NeighbourhoodFormInitial
  tiles: TileConfig
  /** The form as it came back refused (posted before or without JavaScript). */
  form?: FormState
}

/**
 * Submit or edit a neighbourhood (SPEC §2 "Neighbourhood form", §4, §5, §8). The slug follows the
 * name until it is edited by hand; the map, the coordinate inputs and the address search stay in
 * step; after a map click or a search the name is prefilled from reverse geocoding when empty.
 */
export default function NeighbourhoodForm({ mode, initial, tiles, form }: NeighbourhoodFormProps) {
  // Seeded once per instance, before the store is read (what the fields' useState did).
  useState(() => initNeighbourhoodForm(mode, initial, form))
  const { values, image, error, busy, done } = useStore($neighbourhoodForm)

  const lat = parseCoordinate(values.latitude, 90)
  const lon = parseCoordinate(values.longitude, 180)
  const point: [number, number] | null = lat !== undefined && lon !== undefined ? [lat, lon] : null

  const formRef = useRef<HTMLFormElement>(null)
  useTypedBeforeHydration(formRef, {
    name: (name) => setFields({ name }),
    slug: (slug) => setFields({ slug }),
    tagline: (tagline) => setFields({ tagline }),
    latitude: (latitude) => setFields({ latitude }),
    longitude: (longitude) => setFields({ longitude }),
  })

  const title = mode === 'create' ? 'Submit Neighbourhood' : 'Save Changes'
  const busyTitle = mode === 'create' ? 'Submitting...' : 'Saving...'

  return (
    <form
      ref={formRef}
      className="boxed-form nf"
      method="post"
      encType="multipart/form-data"
      action={formAction(mode === 'create' ? 'neighbourhood' : 'editNeighbourhood')}
      onSubmit={(e) => {
        e.preventDefault()
        void submitNeighbourhood()
      }}
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
              onChange={(e) => editSlug(e.target.value)}
              onBlur={(e) => setFields({ slug: slugify(e.target.value) })}
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
              onChange={(e) => setFields({ tagline: e.target.value })}
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
                    onChange={(e) => toggleVibe(vibe, e.target.checked)}
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
            <CoordinateField
              axis="latitude"
              value={values.latitude}
              onChange={(latitude) => setFields({ latitude })}
            />
            <CoordinateField
              axis="longitude"
              value={values.longitude}
              onChange={(longitude) => setFields({ longitude })}
            />
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
