import { randomBytes } from 'node:crypto'

import sharp from 'sharp'

import type { TestSite } from './harness'

/** A small solid-colour image in the given format. */
export function makeImage(
  format: 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff' = 'png',
  width = 400,
  height = 300,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .toFormat(format)
    .toBuffer()
}

/** An uncompressed noise PNG of at least `bytes` bytes (a real, decodable image). */
export function makeLargePng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3))
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer()
}

/** POST /api/media as a browser would: multipart with the file and `_payload` JSON. */
export function uploadMedia<T = Record<string, unknown>>(
  site: TestSite,
  file: { data: Buffer; name: string; type: string },
  data: Record<string, unknown>,
  cookie?: string,
  target = '/api/media',
  method = 'POST',
) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name)
  form.append('_payload', JSON.stringify(data))
  return site.api<T>(method, target, { formData: form, cookie })
}
