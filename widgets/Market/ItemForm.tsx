import {
  DESCRIPTION_MAX,
  MARKET_CONDITION_LABELS,
  MARKET_CONDITIONS,
  MARKET_KIND_LABELS,
  MARKET_KINDS,
  MAX_PHOTOS,
  STREET_MAX,
  TITLE_MAX,
} from '@/rules/market'
import { formAction, keptValue, type FormState } from '@/views/forms'
import {
  FieldError,
  FormError,
  invalidIf,
  UploadProgress,
  usePostForm,
} from '@widgets/lib/PostFormParts'
import { $marketForm, submitMarketItem } from './store'
import './Market.css'

interface Props {
  neighbourhood: { id: number; slug: string }
  /** The form as it came back refused (sent before or without JavaScript). */
  form?: FormState
}

const ERROR_ID = 'market-form-error'
// The fields whose refusals show beside them; any other shows above the form.
const FIELDS = ['kind', 'title', 'description', 'price', 'condition', 'photos', 'street'] as const

/**
 * 'List an item': a plain multipart form posted to its page without JavaScript; once hydrated
 * the island sends it (the photos with their progress) and opens the new item's page. A refusal
 * shows beside its field; what was typed stays in the fields, which are the form's own.
 */
export default function ItemForm({ neighbourhood, form }: Props) {
  const { ref, state, busy, onSubmit } = usePostForm($marketForm, form, submitMarketItem)
  const kept = (field: string) => keptValue(form, field)
  const invalid = (field: string) => invalidIf(state, [field], ERROR_ID)

  return (
    <form
      ref={ref}
      className="market-form post-form"
      method="post"
      encType="multipart/form-data"
      action={formAction('marketItem', { neighbourhood: neighbourhood.slug })}
      onSubmit={onSubmit}
    >
      <FormError state={state} id={ERROR_ID} fields={FIELDS} />
      <input type="hidden" name="neighbourhood" value={neighbourhood.id} />
      <fieldset>
        <legend>What kind of listing?</legend>
        {MARKET_KINDS.map((k) => (
          <label key={k}>
            <input
              type="radio"
              name="kind"
              value={k}
              defaultChecked={(kept('kind') || 'sale') === k}
            />{' '}
            {MARKET_KIND_LABELS[k]}
          </label>
        ))}
        <FieldError state={state} field="kind" id={ERROR_ID} />
      </fieldset>
      <p>
        <label htmlFor="market-title">Title</label>
        <input
          id="market-title"
          name="title"
          required
          minLength={3}
          maxLength={TITLE_MAX}
          defaultValue={kept('title')}
          {...invalid('title')}
        />
        <FieldError state={state} field="title" id={ERROR_ID} />
      </p>
      <p>
        <label htmlFor="market-description">Description (optional)</label>
        <textarea
          id="market-description"
          name="description"
          rows={5}
          maxLength={DESCRIPTION_MAX}
          defaultValue={kept('description')}
          {...invalid('description')}
        />
        <FieldError state={state} field="description" id={ERROR_ID} />
      </p>
      <p>
        <label htmlFor="market-price">Price in £ (for sale only)</label>
        <input
          id="market-price"
          name="price"
          inputMode="decimal"
          defaultValue={kept('price')}
          {...invalid('price')}
        />
        <FieldError state={state} field="price" id={ERROR_ID} />
      </p>
      <p>
        <label htmlFor="market-condition">Condition (not for Wanted)</label>
        <select
          id="market-condition"
          name="condition"
          defaultValue={kept('condition')}
          {...invalid('condition')}
        >
          <option value="">—</option>
          {MARKET_CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {MARKET_CONDITION_LABELS[c]}
            </option>
          ))}
        </select>
        <FieldError state={state} field="condition" id={ERROR_ID} />
      </p>
      <p>
        <label htmlFor="market-photos">Photos (up to {MAX_PHOTOS}, 10 MB each)</label>
        <input
          id="market-photos"
          name="photos"
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          multiple
          {...invalid('photos')}
        />
        <FieldError state={state} field="photos" id={ERROR_ID} />
      </p>
      <p>
        <label htmlFor="market-street">Street for pickup (optional; never your house number)</label>
        <input
          id="market-street"
          name="street"
          maxLength={STREET_MAX}
          defaultValue={kept('street')}
          {...invalid('street')}
        />
        <FieldError state={state} field="street" id={ERROR_ID} />
      </p>
      <p className="muted">
        Pickup is arranged in private messages. Listings stay up for 30 days; we mail you before
        they expire.
      </p>
      <UploadProgress state={state} />
      <p>
        <button type="submit" disabled={busy}>
          {state.status === 'uploading'
            ? 'Uploading photos...'
            : state.status === 'idle'
              ? 'List item'
              : 'Listing...'}
        </button>
      </p>
    </form>
  )
}
