import fs from 'node:fs/promises'
import path from 'node:path'

import type { PayloadRequest } from 'payload'

import { refuse } from '@/server/http/requests'

/**
 * GET /api/media/file/<name> of a name with no file in the folder answers 404. Payload's own
 * local fallback answered 500 and logged an error: anyone could page the operator by asking
 * for files that do not exist. Used only when files are kept on disk (with S3 the storage
 * plugin's handler answers). Names Payload refuses itself (outside the folder) pass through.
 */
export const missingFileNotFound = (folder: string) =>
  // No answer (undefined) lets Payload go on; its handler type names that as `void` apart.
  (async (
    _req: PayloadRequest,
    { params }: { params: { filename: string } },
  ): Promise<Response | undefined> => {
    const root = path.resolve(folder)
    const file = path.resolve(root, params.filename)
    if (!file.startsWith(root + path.sep)) return undefined
    const found = await fs.stat(file).then(
      (stats) => stats.isFile(),
      () => false,
    )
    return found ? undefined : refuse(404, 'Not Found')
  }) as (req: PayloadRequest, args: { params: { filename: string } }) => Promise<Response>
