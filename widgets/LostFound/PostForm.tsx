import {
  DESCRIPTION_MAX,
  KIND_LABEL,
  LOST_FOUND_KINDS,
  LOST_FOUND_WHAT,
  MAX_DAYS_AGO,
  TITLE_MAX,
  TITLE_MIN,
  WHAT_LABEL,
} from '@/rules/lostFound'
import { formAction, keptValue, type FormState } from '@/views/forms'
import type { TileConfig } from '@widgets/lib/leaflet'
import {
  FieldError,
  FormError,
  invalidIf,
  UploadProgress,
  usePostForm,
} from '@widgets/lib/PostFormParts'
import PlacePicker from './PlacePicker'
import { $lostFoundForm, submitLostFound } from './store'

interface Props {
  neighbourhood: number
  /** The neighbourhood's point: where the map opens and the place starts. */
  home: [number, number]
  tiles: TileConfig
  /** The form's London wall-clock bounds for 'when' (60 days ago, now), as the page rendered them. */
  earliest: string
  now: string
  /** The form as it came back refused (sent before or without JavaScript). */
  form?: FormState
}

const ERROR_ID = 'lf-form-error'
const FIELDS = ['kind', 'what', 'title', 'description', 'seenAt', 'latitude', 'longitude', 'photos']
const PLACE = ['latitude', 'longitude']

/**
 * 'Post something lost or found': a plain multipart form posted to its page without JavaScript;
 * once hydrated the island sends it (photos with their progress) and opens the post's page. A
 * refusal shows beside its field; what was typed stays in the form's own fields.
 */
export default function PostForm({ neighbourhood, home, tiles, earliest, now, form }: Props) {
  const { ref, state, busy, onSubmit } = usePostForm($lostFoundForm, form, submitLostFound)
  const kept = (field: string, fallback = '') => keptValue(form, field) || fallback
  const refused = (...fields: string[]) =>
    state.field && fields.includes(state.field) ? 'lf-error' : undefined
  const invalid = (...fields: string[]) => invalidIf(state, fields, ERROR_ID)

  return (
    <form
      ref={ref}
      method="post"
      action={formAction('lostFound')}
      encType="multipart/form-data"
      className="lf-form post-form"
      onSubmit={onSubmit}
    >
      <FormError state={state} id={ERROR_ID} fields={FIELDS} />
      <input type="hidden" name="neighbourhood" value={neighbourhood} />
      <fieldset className={refused('kind')}>
        <legend>Lost or found?</legend>
        {LOST_FOUND_KINDS.map((k) => (
          <label className="lf-radio" key={k}>
            <input
              type="radio"
              name="kind"
              value={k}
              defaultChecked={kept('kind', 'lost') === k}
              required
            />
            {KIND_LABEL[k]}
          </label>
        ))}
        <FieldError state={state} field="kind" id={ERROR_ID} />
      </fieldset>
      <label className={['lf-field', refused('what')].filter(Boolean).join(' ')}>
        What is it?
        <select name="what" required defaultValue={kept('what')} {...invalid('what')}>
          {LOST_FOUND_WHAT.map((w) => (
            <option key={w} value={w}>
              {WHAT_LABEL[w]}
            </option>
          ))}
        </select>
      </label>
      <FieldError state={state} field="what" id={ERROR_ID} />
      <label className={['lf-field', refused('title')].filter(Boolean).join(' ')}>
        Title
        <input
          name="title"
          required
          minLength={TITLE_MIN}
          maxLength={TITLE_MAX}
          defaultValue={kept('title')}
          {...invalid('title')}
        />
      </label>
      <FieldError state={state} field="title" id={ERROR_ID} />
      <label className={['lf-field', refused('description')].filter(Boolean).join(' ')}>
        Description (optional)
        <textarea
          name="description"
          rows={4}
          maxLength={DESCRIPTION_MAX}
          defaultValue={kept('description')}
          {...invalid('description')}
        />
        <span className="lf-hint">
          No phone numbers or e-mail addresses: neighbours reach you with a private message.
        </span>
      </label>
      <FieldError state={state} field="description" id={ERROR_ID} />
      <label className={['lf-field', refused('seenAt')].filter(Boolean).join(' ')}>
        When (within the last {MAX_DAYS_AGO} days)
        <input
          type="datetime-local"
          name="seenAt"
          required
          min={earliest}
          max={now}
          defaultValue={kept('seenAt', now)}
          {...invalid('seenAt')}
        />
      </label>
      <FieldError state={state} field="seenAt" id={ERROR_ID} />
      <div className={refused(...PLACE)}>
        <PlacePicker
          latitude={kept('latitude', String(home[0]))}
          longitude={kept('longitude', String(home[1]))}
          home={home}
          tiles={tiles}
          errorId={refused(...PLACE) ? ERROR_ID : undefined}
        />
        <FieldError state={state} field={PLACE} id={ERROR_ID} />
      </div>
      <label className={['lf-field', refused('photos')].filter(Boolean).join(' ')}>
        Photos (up to 2 images, 10 MB each)
        <input type="file" name="photos" accept="image/*" multiple {...invalid('photos')} />
      </label>
      <FieldError state={state} field="photos" id={ERROR_ID} />
      <UploadProgress state={state} />
      <p>
        <button type="submit" disabled={busy}>
          {state.status === 'uploading'
            ? 'Uploading photos...'
            : state.status === 'idle'
              ? 'Post'
              : 'Posting...'}
        </button>
      </p>
    </form>
  )
}
