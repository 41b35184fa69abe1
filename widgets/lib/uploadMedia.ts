import { checkImage, type ImagePurpose } from '@/rules/imageFile'
import { ApiError, errorMessage } from './api'

/**
 * Uploads an image to /api/media for one purpose (the server checks its bytes and size rule) and
 * resolves with the media id; rejects with the server's message. XMLHttpRequest rather than
 * fetch, because fetch reports no upload progress.
 */
export function uploadMedia(
  file: File,
  purpose: ImagePurpose,
  alt: string,
  onProgress?: (fraction: number) => void,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', '/api/media')
    xhr.withCredentials = true
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total)
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
        onProgress?.(1)
        resolve(doc.id)
      } else {
        reject(new ApiError(errorMessage(body, `Upload failed (${xhr.status})`), xhr.status))
      }
    }
    xhr.onerror = () => reject(new Error('Network error'))
    const form = new FormData()
    form.append('file', file)
    form.append('_payload', JSON.stringify({ purpose, alt }))
    xhr.send(form)
  })
}

/**
 * A chosen file judged before any upload as the server will judge it (SPEC §5): its first bytes
 * must say JPEG, PNG, GIF or WEBP, then the purpose's size limit. The refusal's words, or null.
 */
export async function imageProblem(file: File, purpose: ImagePurpose): Promise<string | null> {
  const check = checkImage(
    purpose,
    new Uint8Array(await file.slice(0, 16).arrayBuffer()),
    file.size,
  )
  return check.ok ? null : check.message
}
