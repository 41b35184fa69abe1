import { useState } from 'react'

import type { TileConfig } from '@widgets/lib/leaflet'
import LocationMap from '@widgets/NeighbourhoodForm/LocationMap'
import './LostFound.css'

interface Props {
  /** What the fields hold first: what was typed, else the neighbourhood's own point. */
  latitude: string
  longitude: string
  home: [number, number]
  tiles: TileConfig
  /** The refusal's id while the form came back refused about the place. */
  errorId?: string
}

const asPoint = (lat: string, lon: string): [number, number] | null => {
  const point: [number, number] = [Number(lat), Number(lon)]
  return lat.trim() && lon.trim() && point.every(Number.isFinite) ? point : null
}

/**
 * Where it was last seen: a click on the map sets the latitude and longitude fields, which are
 * the form's own fields, so without JavaScript they are typed (they start at the
 * neighbourhood's point). The server rounds the point to about 100 m before storing it.
 */
export default function PlacePicker({ latitude, longitude, home, tiles, errorId }: Props) {
  const [lat, setLat] = useState(latitude)
  const [lon, setLon] = useState(longitude)
  const invalid = errorId ? { 'aria-invalid': true, 'aria-describedby': errorId } : {}
  return (
    <fieldset className="lf-place">
      <legend>Where was it last seen?</legend>
      <div className="lf-map">
        <LocationMap
          point={asPoint(lat, lon)}
          tiles={tiles}
          centre={home}
          zoom={14}
          label="Last seen here"
          region="Map: click where it was last seen"
          onPick={(a, b) => {
            setLat(a.toFixed(5))
            setLon(b.toFixed(5))
          }}
        />
      </div>
      <p className="lf-hint">
        Click the map, or type the point. Only the place to about 100 m is kept and shown, never the
        exact point; it must be within 2 km of the neighbourhood.
      </p>
      <div className="lf-coords">
        <label>
          Latitude
          <input
            name="latitude"
            inputMode="decimal"
            value={lat}
            onChange={(e) => setLat(e.target.value)}
            required
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
            required
            {...invalid}
          />
        </label>
      </div>
    </fieldset>
  )
}
