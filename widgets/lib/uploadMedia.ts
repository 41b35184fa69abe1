import { checkImage, type ImagePurpose } from '@/rules/imageFile'
import { upload } from './client'

/**
 * Uploads an image (media.upload) for one purpose (the server checks its bytes and size rule) and
 * resolves with the media id; rejects with the server's message.
 */
export async function uploadMedia(
  file: File,
  purpose: ImagePurpose,
  alt: string,
  onProgress?: (fraction: number) => void,
): Promise<number> {
  const form = new FormData()
  form.append('file', file)
  form.append('_payload', JSON.stringify({ purpose, alt }))
  const { doc } = await upload('media.upload', form, onProgress)
  return doc.id
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
