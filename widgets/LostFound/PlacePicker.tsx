import { useState } from 'react'

import type { TileConfig } from '@widgets/lib/leaflet'
import LocationMap from '@widgets/NeighbourhoodForm/LocationMap'
import './LostFound.css'

/** What the picker says: a lost or found post's wording unless a form gives its own. */
export interface PlaceWords {
  legend: string
  marker: string
  region: string
}

const LAST_SEEN: PlaceWords = {
  legend: 'Where was it last seen?',
  marker: 'Last seen here',
  region: 'Map: click where it was last seen',
}

interface Props {
  /** What the fields hold first: what was typed, else the neighbourhood's own point (or none). */
  latitude: string
  longitude: string
  home: [number, number]
  tiles: TileConfig
  /** The refusal's id while the form came back refused about the place. */
  errorId?: string
  /** A place the form may go without (a safety alert's): empty fields send none. */
  optional?: boolean
  words?: PlaceWords
}

const asPoint = (lat: string, lon: string): [number, number] | null => {
  const point: [number, number] = [Number(lat), Number(lon)]
  return lat.trim() && lon.trim() && point.every(Number.isFinite) ? point : null
}

/**
 * A place on the map for a post: a click on the map sets the latitude and longitude fields,
 * which are the form's own fields, so without JavaScript they are typed. The server rounds the
 * point to about 100 m before storing it and refuses one over 2 km from the neighbourhood.
 */
export default function PlacePicker({
  latitude,
  longitude,
  home,
  tiles,
  errorId,
  optional = false,
  words = LAST_SEEN,
}: Props) {
  const [lat, setLat] = useState(latitude)
  const [lon, setLon] = useState(longitude)
  const invalid = errorId ? { 'aria-invalid': true, 'aria-describedby': errorId } : {}
  const point = asPoint(lat, lon)
  return (
    <fieldset className="lf-place">
      <legend>{words.legend}</legend>
      <div className="lf-map">
        <LocationMap
          point={point}
          tiles={tiles}
          centre={home}
          zoom={14}
          label={words.marker}
          region={words.region}
          onPick={(a, b) => {
            setLat(a.toFixed(5))
            setLon(b.toFixed(5))
          }}
        />
      </div>
      <p className="lf-hint">
        Click the map, or type the point{optional ? ', or leave both empty' : ''}. Only the place to
        about 100 m is kept and shown, never the exact point; it must be within 2 km of the
        neighbourhood.
      </p>
      <div className="lf-coords">
        <label>
          Latitude
          <input
            name="latitude"
            inputMode="decimal"
            value={lat}
            onChange={(e) => setLat(e.target.value)}
            required={!optional}
            {...invalid}
          />
        </label>
        <label>
          Longitude
          <input
            name="longitude"
            inputMode="decimal"
            value={lon}
            onChange={(e) => setLon(e.target.value)}
            required={!optional}
            {...invalid}
          />
        </label>
        {optional && point && (
          <button
            type="button"
            className="lf-clear"
            onClick={() => {
              setLat('')
              setLon('')
            }}
          >
            No place
          </button>
        )}
      </div>
    </fieldset>
  )
}
