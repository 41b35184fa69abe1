import path from 'node:path'
import type { CollectionConfig } from 'payload'

import { env } from '../../src/server/env'
import { anyone, signedIn, staff } from '../access'

/** Uploaded images: resized by sharp into WebP variants. */
export const Media: CollectionConfig = {
  slug: 'media',
  access: { read: anyone, create: signedIn, update: staff, delete: staff },
  upload: {
    staticDir: path.join(env.dataDir, 'media'),
    mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
    formatOptions: { format: 'webp', options: { quality: 82 } },
    imageSizes: [
      { name: 'thumbnail', width: 320, height: 180, formatOptions: { format: 'webp' } },
      { name: 'card', width: 640, height: 360, formatOptions: { format: 'webp' } },
      { name: 'hero', width: 1280, height: 720, formatOptions: { format: 'webp' } },
    ],
  },
  fields: [{ name: 'alt', type: 'text' }],
}
