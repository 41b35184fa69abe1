import fs from 'node:fs/promises'
import path from 'node:path'

import {
  APIError,
  type CollectionAfterErrorHook,
  type CollectionBeforeChangeHook,
  type CollectionBeforeOperationHook,
  type PayloadRequest,
} from 'payload'

import { MESSAGES } from '@/rules/messages'

/**
 * Room the disk keeps beside an upload (the database lives on it too): UPLOAD_MIN_FREE_BYTES,
 * 64 MB unless set. A write that would eat into it is refused as 'full'.
 */
const minFreeBytes = () => Number(process.env.UPLOAD_MIN_FREE_BYTES ?? 64 * 1024 * 1024)

/** Where Payload writes this collection's files, or null when they go to S3 (no local disk). */
function localFolder(req: PayloadRequest): string | null {
  const upload = req.payload.collections.media?.config.upload
  if (!upload || upload.disableLocalStorage || !upload.staticDir) return null
  return path.resolve(upload.staticDir)
}

/** The spec's words; 503 when the folder cannot be written, 507 when the disk is full. */
const cannotStore = (status: 503 | 507) =>
  new APIError(MESSAGES.imageUploadFailed, status, null, true)

/**
 * Before Payload makes and writes the image and its variants, the upload
 * folder must be a writable folder with room to spare; otherwise the answer says so at once and
 * nothing is written (no half file, no media row: Payload writes files before the row).
 */
export const checkUploadFolder: CollectionBeforeOperationHook = async ({
  args,
  operation,
  req,
}) => {
  if ((operation !== 'create' && operation !== 'update') || !req.file) return args
  const folder = localFolder(req)
  if (!folder) return args
  try {
    await fs.mkdir(folder, { recursive: true })
    // The folder is known at run time only: the admin's build must not trace the whole project.
    const stat = await fs.stat(/*turbopackIgnore: true*/ folder)
    if (!stat.isDirectory()) throw new Error(`${folder} is not a folder`)
    await fs.access(folder, fs.constants.W_OK)
  } catch (error) {
    req.payload.logger.error(`uploads: cannot write to ${folder}: ${String(error)}`)
    throw cannotStore(503)
  }
  const { bavail, bsize } = await fs.statfs(folder)
  // The original and three variants (WebP, so never much larger than the upload).
  const needed = req.file.size * 4 + minFreeBytes()
  if (bavail * bsize < needed) {
    req.payload.logger.error(`uploads: ${folder} has ${bavail * bsize} bytes free, keeps ${needed}`)
    throw cannotStore(507)
  }
  return args
}

/** The files this write is about to store (Payload names them before writing). */
export const rememberUploadFiles: CollectionBeforeChangeHook = ({ data, operation, req }) => {
  const folder = localFolder(req)
  if (operation !== 'create' || !folder || !req.file || typeof data.filename !== 'string')
    return data
  const sizes = Object.values((data.sizes ?? {}) as Record<string, { filename?: unknown }>)
  req.context.uploadFiles = [data.filename, ...sizes.map((s) => s.filename)]
    .filter((name): name is string => typeof name === 'string' && name !== '')
    .map((name) => path.join(/*turbopackIgnore: true*/ folder, path.basename(name)))
  return data
}

async function removeFiles(files: string[]) {
  await Promise.all(files.map((file) => fs.rm(file, { force: true }).catch(() => {})))
}

/**
 * A write that failed half-way (the disk filled up, one file could not be written) leaves no
 * file behind: the ones already written are removed, and again a moment later for a sibling
 * write that was still under way when the first one failed. The answer is the spec's words.
 */
export const removeHalfWrittenFiles: CollectionAfterErrorHook = ({ error, req }) => {
  const files = req.context.uploadFiles
  if (!Array.isArray(files) || files.length === 0) return
  const names = files.filter((f): f is string => typeof f === 'string')
  req.context.uploadFiles = undefined
  void removeFiles(names)
  setTimeout(() => void removeFiles(names), 1000).unref()
  if ((error as { name?: string }).name !== 'FileUploadError') return
  return { response: { errors: [{ message: MESSAGES.imageUploadFailed }] }, status: 503 }
}
