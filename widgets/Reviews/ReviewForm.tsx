import { useId, useRef, useState, type FormEvent } from 'react'

import { MESSAGES } from '@/rules/messages'
import { DEFAULT_RATING } from '@/rules/ratingSummary'
import { formAction, keptValue, type FormState } from '@/views/forms'
import { useMentionPicker } from '@widgets/lib/mentions/useMentionPicker'
import { toast } from '@widgets/lib/toast'
import { useTypedBeforeHydration } from '@widgets/lib/typedBeforeHydration'
import { reviewPosted } from './store'
import { reviewPhotoProblem } from './uploadPhoto'
import { useViewer } from './useViewer'

interface Props {
  neighbourhood: { id: number; name: string }
  /** The page's path, for the sign-in link's way back. */
  path: string
  /** The form as it came back refused (posted before or without JavaScript). */
  form?: FormState
}

const STAR_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent']

/**
 * SPEC §2, §5 review form: stars (default 5, a radio group), text (required), an optional name
 * for accounts without a user name, and one photo (SPEC: only the first photo becomes the
 * review's image, so one is asked for), uploaded with a progress bar before the review is sent.
 */
export function ReviewForm({ neighbourhood, path, form }: Props) {
  const session = useViewer()
  const keptRating = Number(keptValue(form, 'rating'))
  const [rating, setRating] = useState(
    keptRating >= 1 && keptRating <= 5 ? keptRating : DEFAULT_RATING,
  )
  const [comment, setComment] = useState(keptValue(form, 'comment'))
  const box = useRef<HTMLTextAreaElement>(null)
  const picker = useMentionPicker(box, comment, setComment)
  const [name, setName] = useState(keptValue(form, 'authorName'))
  const [photo, setPhoto] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const refusedForLogin = form?.error === MESSAGES.loginToReview
  const [error, setError] = useState<string | null>(refusedForLogin ? null : (form?.error ?? null))
  const [needsLogin, setNeedsLogin] = useState(refusedForLogin)
  const [progress, setProgress] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const id = useId()
  const formRef = useRef<HTMLFormElement>(null)
  useTypedBeforeHydration(formRef, {
    rating: (value) => setRating(Number(value) || DEFAULT_RATING),
    comment: setComment,
    authorName: setName,
  })

  const user = session.status === 'signed-in' ? session.user : null
  const loginHref = `/login?next=${encodeURIComponent(path)}`

  const choosePhoto = (file: File | undefined) => {
    if (preview) URL.revokeObjectURL(preview)
    setPreview(null)
    setPhoto(null)
    if (!file) return
    const problem = reviewPhotoProblem(file)
    if (problem) {
      setError(problem)
      toast.error(problem)
      if (fileInput.current) fileInput.current.value = ''
      return
    }
    setError(null)
    setPhoto(file)
    setPreview(URL.createObjectURL(file))
  }

  const reset = () => {
    setRating(DEFAULT_RATING)
    setComment('')
    setName('')
    choosePhoto(undefined)
    if (fileInput.current) fileInput.current.value = ''
    setProgress(null)
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setError(null)
    setBusy(true)
    try {
      // The review schema (zod) and the upload code load when a review is sent, not with the page.
      const { postReview } = await import('./postReview')
      const outcome = await postReview(
        session,
        neighbourhood,
        { rating, comment, name, photo },
        setProgress,
      )
      if (!outcome.ok) {
        setError(outcome.message)
        if (outcome.needsLogin) setNeedsLogin(true)
        return
      }
      reset()
      reviewPosted(outcome.review)
      // Once the author's badges are read, the card shows them.
      reviewPosted(await outcome.withBadges)
    } catch (err) {
      const message = `Unexpected error: ${(err as Error).message}`
      setError(message)
      toast.error(message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      ref={formRef}
      className="review-form"
      method="post"
      encType="multipart/form-data"
      action={formAction('review')}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>Write a review</h2>
      <input type="hidden" name="neighbourhood" value={neighbourhood.id} />
      <input type="hidden" name="photoAlt" value={`Photo of ${neighbourhood.name}`} />
      <p className="review-form-who">
        {session.status === 'loading' ? (
          <>Share your experience of {neighbourhood.name}.</>
        ) : user ? (
          <>Posting as {user.userName || user.name || user.email}</>
        ) : (
          <>
            <a href={loginHref}>Sign in</a> to share your experience of {neighbourhood.name}.
          </>
        )}
      </p>
      <fieldset className="star-input">
        <legend>Your rating</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={n <= rating ? 'on' : undefined}>
            <input
              type="radio"
              name="rating"
              value={n}
              checked={rating === n}
              onChange={() => setRating(n)}
            />
            <span aria-hidden="true">★</span>
            <span className="sr-only">
              {n} {n === 1 ? 'star' : 'stars'}, {STAR_WORDS[n]}
            </span>
          </label>
        ))}
        <span className="star-input-word" aria-hidden="true">
          {STAR_WORDS[rating]}
        </span>
      </fieldset>
      <label className="field">
        <span>Your review</span>
        <textarea
          ref={box}
          name="comment"
          required
          rows={4}
          maxLength={4000}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          placeholder={`What is it like to live in ${neighbourhood.name}?`}
        />
      </label>
      {picker}
      {user && !user.userName && (
        <label className="field">
          <span>Your name (optional)</span>
          <input
            name="authorName"
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoComplete="name"
          />
        </label>
      )}
      <div className="field">
        <label htmlFor={`${id}-photo`}>Photo (optional, image up to 2 MB)</label>
        <input
          id={`${id}-photo`}
          ref={fileInput}
          type="file"
          name="photo"
          accept="image/*"
          onChange={(e) => choosePhoto(e.target.files?.[0])}
        />
        {preview && (
          <div className="photo-preview">
            <img src={preview} alt="Selected photo" width={96} height={72} />
            <button
              type="button"
              className="link-button"
              onClick={() => {
                choosePhoto(undefined)
                if (fileInput.current) fileInput.current.value = ''
              }}
            >
              Remove photo
            </button>
          </div>
        )}
        {progress !== null && (
          <div className="upload-progress">
            <progress max={1} value={progress} aria-label="Photo upload" />
            <span aria-hidden="true">{Math.round(progress * 100)}%</span>
          </div>
        )}
      </div>
      <div aria-live="polite" className="form-messages">
        {error && <p className="form-error">{error}</p>}
        {needsLogin && !user && (
          <p className="form-error">
            {MESSAGES.loginToReview}. <a href={loginHref}>Sign in</a>
          </p>
        )}
      </div>
      <button type="submit" disabled={busy}>
        {busy ? 'Posting...' : 'Post review'}
      </button>
    </form>
  )
}
