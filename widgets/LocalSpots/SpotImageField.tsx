import { useState } from 'react'

import type { SpotDraft } from './draftStore'
import { pickImage, removeImage } from './formStore'

/**
 * The form's 'Image (optional)' field: the preview with 'Remove image', or a drop zone that is
 * also the file input's label. `id` is the form's useId, so the ids match the rest of the form.
 */
export default function SpotImageField({ id, d }: { id: string; d: SpotDraft }) {
  const [dragging, setDragging] = useState(false)
  const imageSrc = d.image?.preview ?? d.keptImage?.url ?? null

  return (
    <div className="spot-field">
      <span className="spot-label" id={`${id}-image-label`}>
        Image (optional)
      </span>
      {imageSrc ? (
        <div className="spot-preview">
          <img src={imageSrc} alt="Preview of the chosen image" />
          <button type="button" className="btn-quiet" onClick={removeImage}>
            Remove image
          </button>
        </div>
      ) : (
        <label
          htmlFor={`${id}-image`}
          className={`spot-drop${dragging ? ' dragging' : ''}`}
          onDragOver={(e) => {
            e.preventDefault()
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault()
            setDragging(false)
            const file = e.dataTransfer.files[0]
            if (file) void pickImage(file)
          }}
        >
          Drag and drop an image here, or click to choose one (JPG, PNG, WEBP or GIF, up to 2 MB)
        </label>
      )}
      <input
        id={`${id}-image`}
        name="image"
        className="spot-file"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        aria-labelledby={`${id}-image-label`}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0]
          e.currentTarget.value = ''
          if (file) void pickImage(file)
        }}
      />
      {d.imageError && (
        <p className="spot-error" role="alert">
          {d.imageError}
        </p>
      )}
    </div>
  )
}
