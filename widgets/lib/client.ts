import type { ContractName, Contracts } from '@/contracts'
import {
  fillPath,
  type HasParams,
  type InputOf,
  type OutputOf,
  type ParamsOf,
} from '@/contracts/contract'
import { routes } from '@/contracts/routes'
import type { Config } from '@/payload-types'
import { bracketQuery } from '@/rules/neighbourhoodSearch'
import type { Page } from '@/views/page'
import { api, ApiError, errorField, errorMessage, type ApiInit } from './api'

/** The path parameters, required only for contracts that have some. */
type ParamsArg<N extends ContractName> =
  HasParams<Contracts[N]> extends true ? [params: ParamsOf<Contracts[N]>] : []

/** The contracts whose input has a file: their body is multipart/form-data (`takesFiles`). */
type UploadName = {
  [N in ContractName]: InputOf<Contracts[N]> extends { file: File } ? N : never
}[ContractName]

/** What a contract answers when it is done. */
export type Answer<N extends ContractName> = OutputOf<Contracts[N]>

type Route = readonly [method: string, path: string, shared?: 'shared']
const routeOf = (name: ContractName) => routes[name] as Route

/**
 * A contract's address: its path with the parameters filled in and, for a read, its input as the
 * query (an array repeats its key). For what is not a script's call: a link, pusher-js's
 * channel authorisation.
 */
export function urlOf<N extends ContractName>(
  name: N,
  input: InputOf<Contracts[N]>,
  ...[params]: ParamsArg<N>
): string {
  const [, template] = routeOf(name)
  const path = fillPath(template, params as Record<string, unknown> | undefined)
  const query = new URLSearchParams(
    Object.entries((input ?? {}) as Record<string, unknown>).flatMap(([key, value]) =>
      (Array.isArray(value) ? value : [value])
        .filter((one) => one !== undefined && one !== null)
        .map((one) => [key, String(one)]),
    ),
  )
  return query.size ? `${path}?${query}` : path
}

/**
 * The islands' one way to the API: a contract by name, its typed input, its typed answer. It
 * reads only the contracts' route table (src/contracts/routes.ts), so no schema or message of
 * the registry reaches a page's script; the server's command checks the input and answers with
 * the contract's message, which `api` throws as an ApiError.
 */
export function send<N extends ContractName>(
  name: N,
  input: InputOf<Contracts[N]>,
  ...params: ParamsArg<N>
): Promise<OutputOf<Contracts[N]>> {
  return sendWith({}, name, input, ...params)
}

/**
 * `send` with the request's own settings: an abort signal, `keepalive` for a call that must
 * outlive the page, `background` for one the member did not ask for (a token renewal), which
 * says nothing when the device is offline.
 */
export function sendWith<N extends ContractName>(
  init: Pick<ApiInit, 'signal' | 'keepalive' | 'background'>,
  name: N,
  input: InputOf<Contracts[N]>,
  ...params: ParamsArg<N>
): Promise<OutputOf<Contracts[N]>> {
  const [method, template, shared] = routeOf(name)
  if (method === 'GET')
    return api(urlOf(name, input, ...params), { ...init, shared: shared === 'shared' })
  const path = fillPath(template, params[0] as Record<string, unknown> | undefined)
  return api(path, { ...init, method, json: input })
}

/**
 * A file and its fields, sent as the form it is, with the share sent so far (0 to 1). XHR rather
 * than fetch, because fetch reports no upload progress. Rejects with the server's message.
 */
export function upload<N extends UploadName>(
  name: N,
  form: FormData,
  onProgress?: (fraction: number) => void,
): Promise<OutputOf<Contracts[N]>> {
  const [method, path] = routeOf(name)
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(method, path)
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
      if (xhr.status >= 200 && xhr.status < 300 && body !== undefined) {
        onProgress?.(1)
        resolve(body as OutputOf<Contracts[N]>)
      } else {
        const message = errorMessage(body, `Upload failed (${xhr.status})`)
        reject(new ApiError(message, xhr.status, errorField(body)))
      }
    }
    xhr.onerror = () => reject(new Error('Network error'))
    xhr.send(form)
  })
}

/**
 * Payload's own REST routes on a collection (list, read, change), which the API description
 * writes from the collection's config (`custom.api`) rather than from a contract: typed by the
 * collection's document (src/payload-types.ts), its query in Payload's bracket notation.
 */
type Collection = keyof Config['collections']
type DocumentOf<S extends Collection> = Config['collections'][S]

export interface DocumentQuery {
  where?: Record<string, unknown>
  sort?: string
  limit?: number
  page?: number
  depth?: number
  select?: Record<string, true>
  /** The fields a related collection's documents come with (`{ users: { userName: true } }`). */
  populate?: Record<string, Record<string, true>>
}

type ReadInit = Pick<ApiInit, 'signal' | 'shared'>
type WriteInit = Pick<ApiInit, 'keepalive'>

const documentsPath = (slug: Collection, id?: number, query: DocumentQuery = {}) => {
  const search = bracketQuery({ ...query })
  return `/api/${slug}${id === undefined ? '' : `/${id}`}${search ? `?${search}` : ''}`
}

/** One page of a collection's documents the reader may see. */
export function listDocuments<S extends Collection>(
  slug: S,
  query: DocumentQuery,
  init: ReadInit = {},
): Promise<Page<DocumentOf<S>>> {
  return api(documentsPath(slug, undefined, query), init)
}

/** One document (404 when it is gone or not the reader's to see). */
export function readDocument<S extends Collection>(
  slug: S,
  id: number,
  query: Pick<DocumentQuery, 'depth' | 'populate'> = {},
  init: ReadInit = {},
): Promise<DocumentOf<S>> {
  return api(documentsPath(slug, id, query), init)
}

/** Changes one document, as the collection's access and hooks allow. */
export function changeDocument<S extends Collection>(
  slug: S,
  id: number,
  data: Partial<DocumentOf<S>>,
  query: Pick<DocumentQuery, 'depth'> = {},
  init: WriteInit = {},
): Promise<{ doc: DocumentOf<S>; message: string }> {
  return api(documentsPath(slug, id, query), { ...init, method: 'PATCH', json: data })
}

/** Changes every document the query finds that the caller may change. */
export function changeDocuments<S extends Collection>(
  slug: S,
  query: Pick<DocumentQuery, 'where' | 'depth'>,
  data: Partial<DocumentOf<S>>,
): Promise<{ docs: DocumentOf<S>[]; message: string }> {
  return api(documentsPath(slug, undefined, query), { method: 'PATCH', json: data })
}

/**
 * A page's own JSON (`/polls.json`, `/event.json`): the page's loader answering for the island
 * that pages through it. Not the API, so no contract; typed by the page's view.
 */
export function pageData<T>(path: `/${string}.json` | `/${string}.json?${string}`): Promise<T> {
  return api<T>(path)
}
