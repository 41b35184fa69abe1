import { describe, expect, it } from 'vitest'

import { MB, MAX_UPLOAD_BYTES, checkImage, detectImageFormat } from '@/rules/imageFile'

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)),
  )

const jpeg = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])
const png = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const gif = bytes('GIF89a')
const webp = bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')

describe('image format by magic bytes', () => {
  it.each([
    ['jpeg', jpeg],
    ['png', png],
    ['gif', gif],
    ['webp', webp],
  ])('finds %s', (format, data) => expect(detectImageFormat(data)).toBe(format))

  it.each([
    ['text', bytes('hello, I am an image, honest')],
    ['a WAV (RIFF but not WEBP)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['a BMP', bytes('BM', [0, 0, 0, 0])],
    ['an SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a PDF', bytes('%PDF-1.7')],
    ['too few bytes', bytes([0xff, 0xd8])],
    ['nothing', bytes()],
  ])('finds nothing in %s', (_, data) => expect(detectImageFormat(data)).toBeUndefined())
})

describe('checking an upload for its purpose (SPEC §5, §9)', () => {
  it('refuses a non-image with the general message, or the local-spot one', () => {
    const text = bytes('plain text')
    expect(checkImage('neighbourhood-image', text)).toEqual({
      ok: false,
      message: 'Please upload a valid image file.',
    })
    expect(checkImage('review-photo', text)).toMatchObject({
      message: 'Please upload a valid image file.',
    })
    expect(checkImage('business-image', text)).toEqual({
      ok: false,
      message: 'Invalid file type. Use JPG, PNG, WEBP, or GIF.',
    })
  })

  it('holds review photos and local-spot images to 2 MB', () => {
    expect(checkImage('review-photo', png, 2 * MB)).toEqual({ ok: true, format: 'png' })
    expect(checkImage('review-photo', png, 2 * MB + 1)).toEqual({
      ok: false,
      message: 'Image too large. Max size is 2MB.',
    })
    expect(checkImage('business-image', jpeg, 3 * MB)).toEqual({
      ok: false,
      message: 'Image too large. Max size is 2MB.',
    })
  })

  it('holds neighbourhood, story, event images and avatars to 5 MB', () => {
    for (const purpose of [
      'neighbourhood-image',
      'story-image',
      'event-image',
      'avatar',
    ] as const) {
      expect(checkImage(purpose, webp, 5 * MB)).toEqual({ ok: true, format: 'webp' })
      expect(checkImage(purpose, webp, 5 * MB + 1)).toEqual({
        ok: false,
        message: 'Image must be less than 5MB.',
      })
    }
  })

  it('knows the largest upload anything allows', () => {
    expect(MAX_UPLOAD_BYTES).toBe(10 * MB)
  })
})
