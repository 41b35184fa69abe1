import fs from 'node:fs'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'

import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'

/**
 * Page files in the object store, so every machine can serve the page one machine rendered
 * (the site's side is `PageBucket` in src/server/site/pageSync.ts). Each revision of a page is
 * its own set of immutable keys (`<prefix><build>/r<revision><path>/index.html`, plus `.br` and
 * `.gz`): a key is never overwritten, so a machine fetching never pairs files of two revisions,
 * and an upload never races a download. A whole build is one archive, `<prefix><build>/build.tar.gz`.
 */
interface PageFiles {
  html: Buffer
  br: Buffer
  gz: Buffer
}

export interface BucketSettings {
  bucket: string
  region: string
  endpoint?: string
  accessKeyId: string
  secretAccessKey: string
  forcePathStyle: boolean
  prefix: string
}

const SUFFIXES = { html: '', br: '.br', gz: '.gz' } as const

/** The key of one file of a page revision; `/` is `r<rev>/index.html`. */
export function pageKey(
  prefix: string,
  build: string,
  revision: number,
  urlPath: string,
  suffix = '',
): string {
  const clean = urlPath.replace(/\/+$/, '')
  return `${prefix}${build}/r${revision}${clean}/index.html${suffix}`
}

export function createPageBucket(settings: BucketSettings) {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: a streamed body is then sent as is, not in
    // aws-chunked encoding, which S3-compatible stores (MinIO, s3rver) may not read.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that hangs must not hold the regenerator's lock for ever.
    requestHandler: { requestTimeout: 10_000, connectionTimeout: 5_000 },
  })
  const key = (build: string, revision: number, urlPath: string, suffix: string) =>
    pageKey(settings.prefix, build, revision, urlPath, suffix)

  const getFile = async (name: string): Promise<Buffer | undefined> => {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: name }))
      return Buffer.from(await object.Body!.transformToByteArray())
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey')
        return undefined
      throw error
    }
  }

  return {
    async put(build: string, revision: number, urlPath: string, files: PageFiles) {
      await Promise.all(
        (Object.keys(SUFFIXES) as (keyof typeof SUFFIXES)[]).map((part) =>
          client.send(
            new PutObjectCommand({
              Bucket: settings.bucket,
              Key: key(build, revision, urlPath, SUFFIXES[part]),
              Body: files[part],
              ContentType:
                part === 'html' ? 'text/html; charset=utf-8' : 'application/octet-stream',
            }),
          ),
        ),
      )
    },
    async get(build: string, revision: number, urlPath: string): Promise<PageFiles | undefined> {
      const [html, br, gz] = await Promise.all(
        Object.values(SUFFIXES).map((suffix) => getFile(key(build, revision, urlPath, suffix))),
      )
      return html && br && gz ? { html, br, gz } : undefined
    },
    async putArchive(build: string, file: string) {
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: `${settings.prefix}${build}/build.tar.gz`,
          Body: fs.createReadStream(file),
          ContentLength: fs.statSync(file).size,
          ContentType: 'application/gzip',
        }),
      )
    },
    async getArchive(build: string, file: string): Promise<boolean> {
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket: settings.bucket,
            Key: `${settings.prefix}${build}/build.tar.gz`,
          }),
        )
        await pipeline(object.Body as Readable, fs.createWriteStream(file))
        return true
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return false
        throw error
      }
    },
    /** Every object of a build: its archive and every page revision. */
    async removeBuild(build: string) {
      let token: string | undefined
      do {
        const listed = await client.send(
          new ListObjectsV2Command({
            Bucket: settings.bucket,
            Prefix: `${settings.prefix}${build}/`,
            ContinuationToken: token,
          }),
        )
        const keys = (listed.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []))
        if (keys.length)
          await client.send(
            new DeleteObjectsCommand({
              Bucket: settings.bucket,
              Delete: { Objects: keys, Quiet: true },
            }),
          )
        token = listed.IsTruncated ? listed.NextContinuationToken : undefined
      } while (token)
    },
    async remove(build: string, pages: { path: string; revision: number }[]) {
      const keys = pages.flatMap((p) =>
        Object.values(SUFFIXES).map((suffix) => ({ Key: key(build, p.revision, p.path, suffix) })),
      )
      // DeleteObjects takes at most 1,000 keys.
      for (let i = 0; i < keys.length; i += 999)
        await client.send(
          new DeleteObjectsCommand({
            Bucket: settings.bucket,
            Delete: { Objects: keys.slice(i, i + 999), Quiet: true },
          }),
        )
    },
  }
}
