import { IMAGE_RULES } from '../../src/rules/imageFile'
import { ApiError, errorMessage } from '../lib/api'

const RULE = IMAGE_RULES['review-photo']

/**
 * SPEC §5 review photos, checked before upload (the server checks the bytes again):
 * images only ('Only image files are allowed.'), each at most 2 MB ('{file} exceeds 2MB').
 */
export function reviewPhotoProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return 'Only image files are allowed.'
  if (file.size > RULE.maxBytes) return `${file.name} exceeds 2MB`
  return null
}

/**
 * Uploads a review photo to /api/media with progress (fetch has no upload progress, so this is
 * XMLHttpRequest). Resolves with the media id; rejects with the server's message.
 */
export function uploadReviewPhoto(
  file: File,
  alt: string,
  onProgress: (fraction: number) => void,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', '/api/media')
    xhr.withCredentials = true
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total)
    }
    xhr.onload = () => {
      let body: unknown
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = undefined
      }
      const doc = (body as { doc?: { id?: number } } | undefined)?.doc
      if (xhr.status >= 200 && xhr.status < 300 && doc?.id) {
        onProgress(1)
        resolve(doc.id)
      } else {
        reject(new ApiError(errorMessage(body, `Upload failed (${xhr.status})`), xhr.status))
      }
    }
    xhr.onerror = () => reject(new Error('Network error'))
    const form = new FormData()
    form.append('file', file)
    form.append('_payload', JSON.stringify({ purpose: 'review-photo', alt }))
    xhr.send(form)
  })
}
