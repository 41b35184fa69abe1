import { useEffect, useMemo, useRef, useState } from 'react'

import { imageProblem } from '@widgets/lib/uploadMedia'

interface Props {
  /** The stored image (edit), shown until replaced or removed. */
  currentUrl: string | null
  file: File | null
  onChange: (change: { file: File | null; removeCurrent: boolean }) => void
  removeCurrent: boolean
}

/**
 * Image picker with a preview. The file is judged on the spot like the server will judge it;
 * a refused file is not kept. The upload itself happens on submit.
 */
export default function ImageField({ currentUrl, file, onChange, removeCurrent }: Props) {
  const [error, setError] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file])
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview)
    },
    [preview],
  )

  const shown = preview ?? (removeCurrent ? null : currentUrl)

  return (
    <div className="nf-field">
      <label htmlFor="nf-image">Image</label>
      <input
        ref={input}
        id="nf-image"
        name="image"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        aria-describedby="nf-image-hint nf-image-error"
        onChange={async (e) => {
          const picker = e.currentTarget
          const chosen = picker.files?.[0] ?? null
          if (!chosen) return
          const problem = await imageProblem(chosen, 'neighbourhood-image')
          setError(problem)
          if (problem) {
            picker.value = ''
            onChange({ file: null, removeCurrent })
          } else onChange({ file: chosen, removeCurrent })
        }}
      />
      <p id="nf-image-hint" className="nf-hint">
        JPEG, PNG, WEBP or GIF, less than 5MB.
      </p>
      <p id="nf-image-error" className="nf-error-text" role="alert">
        {error ?? ''}
      </p>
      {shown && (
        <div className="nf-preview">
          <img src={shown} alt="Preview of the neighbourhood image" />
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setError(null)
              if (input.current) input.current.value = ''
              onChange({ file: null, removeCurrent: Boolean(currentUrl) })
            }}
          >
            Remove image
          </button>
        </div>
      )}
    </div>
  )
}
