import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3'
import S3rver from 's3rver'

import { freePort } from '@/server/database/postgres'

/**
 * A local S3-protocol server (s3rver) on 127.0.0.1, a free port and a temporary folder, with one
 * bucket; `env` holds the app's S3_* settings for it. s3rver's default account is S3RVER/S3RVER.
 */
export async function startS3(bucket = 'belong-media') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-s3-'))
  const port = await freePort()
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  })
  await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const env = {
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  }
  const client = new S3Client({
    region: env.S3_REGION,
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  })
  const keys = async () => {
    const keys: string[] = []
    let token: string | undefined
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
      )
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key)
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    return keys.sort()
  }
  return {
    bucket,
    endpoint,
    directory,
    env,
    /** Keys of every object in the bucket, sorted. */
    keys,
    /** Keys outside the site's pages (which share the bucket under `site/`): the media. */
    mediaKeys: async () => (await keys()).filter((key) => !key.startsWith('site/')),
    object: async (key: string) => {
      const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
      return {
        contentType: got.ContentType,
        bytes: Buffer.from(await got.Body!.transformToByteArray()),
      }
    },
    remove: (key: string) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })),
    stop: async () => {
      client.destroy()
      await server.close()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}

export type S3Stand = Awaited<ReturnType<typeof startS3>>
