import { ALERT_CATEGORIES, ALERT_CATEGORY_LABELS } from '@/rules/safetyAlerts'
import { formAction, keptValue, type FormState } from '@/views/forms'
import type { TileConfig } from '@widgets/lib/leaflet'
import { FieldError, FormError, usePostForm } from '@widgets/lib/PostFormParts'
import PlacePicker from '@widgets/LostFound/PlacePicker'
import { $alertForm, submitAlert } from './store'
import './Safety.css'

interface Props {
  neighbourhood: number
  /** The neighbourhood's point, where the place map opens; without one the alert has no place. */
  home: [number, number] | null
  tiles: TileConfig
  /** The form as it came back refused (sent before or without JavaScript). */
  form?: FormState
}

const PLACE_WORDS = {
  legend: 'Where (optional)',
  marker: 'The alert’s place',
  region: 'Map: click where it happened',
}
const ERROR_ID = 'raise-alert-error'
// The fields whose refusals show beside them; any other shows above the form.
const FIELDS = ['category', 'title', 'body', 'happenedAt', 'latitude', 'longitude']

/**
 * 'Raise an alert': a plain form posted to its page without JavaScript; once hydrated the island
 * sends it and opens the alert's page. A refusal shows beside its field (one naming no field
 * above the form, the title described by it); what was typed stays in the form's own fields.
 */
export default function AlertForm({ neighbourhood, home, tiles, form }: Props) {
  const { ref, state, busy, onSubmit } = usePostForm($alertForm, form, submitAlert)
  const kept = (field: string) => keptValue(form, field)
  const about = (field: string) =>
    state.error && (state.field === field || (!state.field && field === 'title'))
      ? ERROR_ID
      : undefined
  const invalid = (field: string) =>
    about(field) ? { 'aria-invalid': true as const, 'aria-describedby': ERROR_ID } : {}
  const placeRefused = about('latitude') ?? about('longitude')

  return (
    <form
      ref={ref}
      method="post"
      action={formAction('raiseAlert')}
      className="boxed-form post-form raise-alert-form"
      onSubmit={onSubmit}
    >
      <FormError state={state} id={ERROR_ID} fields={FIELDS} />
      <input type="hidden" name="neighbourhood" value={neighbourhood} />
      <p>
        <label htmlFor="alert-category">What kind of alert</label>
        <select
          id="alert-category"
          name="category"
          required
          defaultValue={kept('category')}
          {...invalid('category')}
        >
          <option value="">Choose…</option>
          {ALERT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {ALERT_CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
        <FieldError state={state} field="category" id={ERROR_ID} />
      </p>
      <p>
        <label htmlFor="alert-title">Title</label>
        <input
          id="alert-title"
          name="title"
          maxLength={100}
          required
          defaultValue={kept('title')}
          {...invalid('title')}
        />
        <FieldError state={state} field="title" id={ERROR_ID} />
      </p>
      <p>
        <label htmlFor="alert-body">What happened</label>
        <textarea
          id="alert-body"
          name="body"
          maxLength={1000}
          rows={5}
          required
          defaultValue={kept('body')}
          {...invalid('body')}
        />
        <FieldError state={state} field="body" id={ERROR_ID} />
      </p>
      <p>
        <label htmlFor="alert-when">When (London time)</label>
        <input
          id="alert-when"
          name="happenedAt"
          type="datetime-local"
          required
          defaultValue={kept('happenedAt')}
          {...invalid('happenedAt')}
        />
        <FieldError state={state} field="happenedAt" id={ERROR_ID} />
      </p>
      {home && (
        <div className={placeRefused ? 'alert-place-refused' : undefined}>
          <PlacePicker
            latitude={kept('latitude')}
            longitude={kept('longitude')}
            home={home}
            tiles={tiles}
            errorId={placeRefused}
            optional
            words={PLACE_WORDS}
          />
          <FieldError state={state} field={['latitude', 'longitude']} id={ERROR_ID} />
        </div>
      )}
      <p className="muted">
        No phone numbers or e-mail addresses: alerts are public. An editor verifies each alert
        before neighbours are told.
      </p>
      <button type="submit" disabled={busy}>
        {busy ? 'Raising...' : 'Raise alert'}
      </button>
    </form>
  )
}
