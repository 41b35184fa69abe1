import path from 'node:path'
import type { CollectionApi } from '@/server/http/openapi/describe'
import type { CollectionConfig, Config } from 'payload'

import { IMAGE_PURPOSES, IMAGE_RULES, MAX_UPLOAD_BYTES } from '@/rules/imageFile'
import { env } from '@/server/config/env'
import { anyone, signedIn, staffOrOwner } from '@collections/access'
import { authorField } from '@collections/shared/fields'
import { setAuthor } from '@collections/shared/hooks'
import { fileFromClientOnly } from './hooks/fileFromClient'
import { missingFileNotFound } from './missingFile'
import { checkImageUpload } from './hooks/checkImageUpload'
import { cropAvatar } from './hooks/cropAvatar'
import {
  checkUploadFolder,
  rememberUploadFiles,
  removeHalfWrittenFiles,
} from './hooks/uploadFolder'

/**
 * Payload's limit for any multipart body (payload.config.ts `upload`): nothing bigger than the
 * largest image a purpose allows is even read. Below it, each purpose's own limit and words
 * answer (hooks/checkImageUpload.ts).
 */
export const uploadLimits: NonNullable<Config['upload']> = {
  limits: { fileSize: MAX_UPLOAD_BYTES },
  responseOnLimit: Object.values(IMAGE_RULES).find((r) => r.maxBytes === MAX_UPLOAD_BYTES)!
    .tooLarge,
}

/**
 * Uploaded images, checked by content (hooks/checkImageUpload.ts) and stored as WebP with
 * resized WebP variants. `purpose` (fixed at upload) sets the size limit and refusal wording.
 */
export const Media: CollectionConfig = {
  slug: 'media',
  custom: { api: { writes: ['create', 'update', 'delete'] } satisfies CollectionApi },
  access: {
    read: anyone,
    create: signedIn,
    update: staffOrOwner('uploadedBy'),
    delete: staffOrOwner('uploadedBy'),
  },
  upload: {
    staticDir: path.join(env.dataDir, 'media'),
    // A missing file answers 404 (the S3 plugin's handler answers when files are in a bucket).
    handlers: env.s3 ? [] : [missingFileNotFound(path.join(env.dataDir, 'media'))],
    mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
    formatOptions: { format: 'webp', options: { quality: 82 } },
    imageSizes: [
      { name: 'thumbnail', width: 320, height: 180, formatOptions: { format: 'webp' } },
      { name: 'card', width: 640, height: 360, formatOptions: { format: 'webp' } },
      { name: 'hero', width: 1280, height: 720, formatOptions: { format: 'webp' } },
    ],
  },
  fields: [
    { name: 'alt', type: 'text' },
    {
      name: 'purpose',
      type: 'select',
      required: true,
      options: [...IMAGE_PURPOSES],
      access: { update: () => false },
      admin: { position: 'sidebar' },
    },
    authorField('uploadedBy'),
  ],
  hooks: {
    beforeOperation: [fileFromClientOnly, checkImageUpload, cropAvatar, checkUploadFolder],
    beforeChange: [setAuthor('uploadedBy'), rememberUploadFiles],
    afterError: [removeHalfWrittenFiles],
  },
}
