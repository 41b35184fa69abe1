import { MESSAGES } from '@/rules/messages'
import Combobox from './Combobox'
import { isMapsUrl, pickAddress, setMapsUrl, typeAddress } from './addressStore'
import type { SpotDraft } from './draftStore'

/*
 * The form's address search and Google Maps link. `id` is the form's useId, so the ids match the
 * rest of the form. Each renders exactly the one field it replaces in the form (no fragment), so
 * React's useId in the Combobox gives the same ids as when the fields were inline.
 */

/** 'Search Address': autocomplete through the geocoding proxy, then the chosen address. */
export function SpotAddressField({ id, d }: { id: string; d: SpotDraft }) {
  return (
    <div className="spot-field">
      <Combobox
        label="Search Address"
        inputId={`${id}-address`}
        name="address"
        text={d.addressQuery}
        placeholder="Start typing an address..."
        describedBy={`${id}-address-status`}
        options={d.addressOptions.map((o) => ({
          value: o.displayName,
          label: o.displayName,
        }))}
        onText={typeAddress}
        onPick={(o) => pickAddress({ displayName: o.value })}
      />
      <p id={`${id}-address-status`} className="spot-hint" aria-live="polite">
        {d.address ? `Address: ${d.address}` : d.addressStatus}
      </p>
    </div>
  )
}

/** 'Google Maps link (optional)', with a preview link once it is a web URL. */
export function SpotMapsLinkField({ id, d }: { id: string; d: SpotDraft }) {
  return (
    <div className="spot-field">
      <label htmlFor={`${id}-maps`}>Google Maps link (optional)</label>
      <input
        id={`${id}-maps`}
        name="googleMapsUrl"
        type="url"
        inputMode="url"
        value={d.googleMapsUrl}
        placeholder="https://maps.google.com/..."
        onChange={(e) => void setMapsUrl(e.currentTarget.value)}
      />
      {d.googleMapsUrl.trim() &&
        (isMapsUrl(d.googleMapsUrl) ? (
          <a
            className="spot-hint"
            href={d.googleMapsUrl.trim()}
            target="_blank"
            rel="noopener noreferrer"
          >
            Preview link (opens in a new tab)
          </a>
        ) : (
          <p className="spot-hint">{MESSAGES.mapsUrlInvalid}</p>
        ))}
    </div>
  )
}
