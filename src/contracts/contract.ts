import type { z, ZodType } from 'zod'

/**
 * A contract: one product verb or read as the outside world sees it. The server's command
 * (collections/shared/command.ts) enforces it, the islands' client (widgets/lib/client.ts) and the
 * no-JavaScript forms (src/forms) call it by name, and the API description (/api/openapi.json) is
 * written from it. Its schemas are the verb's one copy of the input rules.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Who may call it: anyone; a signed-in account (suspended too); a member who may write; staff. */
export type Caller = 'anyone' | 'signed-in' | 'member' | 'staff'

export interface Contract<
  P extends ZodType = ZodType,
  I extends ZodType = ZodType,
  O extends ZodType = ZodType,
> {
  method: Method
  /** The path under the origin, `{name}` for each path parameter: `/api/events/{id}/rsvp`. */
  path: `/api/${string}`
  summary: string
  /** The description's group (a collection or a feature). */
  tag: string
  caller: Caller
  /** The 401 message when the caller must be signed in. */
  signIn?: string
  /** Path parameters, parsed before the input (a failure answers 404: no such thing). */
  params?: P
  /** The JSON body (writes) or the query string (reads). */
  input: I
  output: O
  /** The status of a done call: 200 unless it creates something (201). */
  status?: 200 | 201
  /**
   * Refusals besides the input's 400, the caller's 401/403 and the rate limit's 429; several
   * messages for one status are listed in one string. A 401 here is one an `anyone` call gets
   * (a wrong password, an expired sign-in step).
   */
  refusals?: Partial<Record<400 | 401 | 403 | 404 | 409 | 410 | 422 | 502, string>>
  /**
   * A second kind of success besides `status`: 202 when the call was right but something is
   * still to come (a sign-in's second step, a link sent by e-mail).
   */
  accepted?: { description: string; output: ZodType }
  /**
   * What a done call answers when it is not JSON: a page or file of this media type (200),
   * and/or a redirect (302) to where a browser goes next. `output` is then not described.
   */
  answers?: { media?: string; redirect?: string }
  /** The body may also come as a plain form (application/x-www-form-urlencoded). */
  takesForm?: boolean
  /**
   * The body is multipart/form-data (a file and its fields), never JSON: `input` names its
   * parts. The islands send it with `upload` (widgets/lib/client.ts), which reports progress.
   */
  takesFiles?: boolean
  /**
   * `private`: the answer is the caller's own (Cache-Control: private, no-store). `shared`: the
   * same for every reader, read without the session cookie so the shared cache answers it.
   */
  cache?: 'private' | 'shared'
}

export type AnyContract = Contract<ZodType, ZodType, ZodType>

/** Keeps a contract's literal types (its schemas, its method) while checking its shape. */
export const defineContract = <
  P extends ZodType = never,
  I extends ZodType = ZodType,
  O extends ZodType = ZodType,
>(
  contract: Contract<P, I, O>,
): Contract<P, I, O> => contract

export type InputOf<C extends AnyContract> = z.input<C['input']>
export type ParsedInputOf<C extends AnyContract> = z.output<C['input']>
export type OutputOf<C extends AnyContract> = z.output<C['output']>
/** The contract's path parameters' schema; never when it has none. */
type ParamsSchema<C extends AnyContract> = Exclude<C['params'], undefined>
export type HasParams<C extends AnyContract> = [ParamsSchema<C>] extends [never] ? false : true
export type ParamsOf<C extends AnyContract> =
  HasParams<C> extends true ? z.input<ParamsSchema<C>> : Record<string, never>
export type ParsedParamsOf<C extends AnyContract> =
  HasParams<C> extends true ? z.output<ParamsSchema<C>> : Record<string, never>

/** `/api/events/{id}/rsvp` with `{ id: 4 }` → `/api/events/4/rsvp`. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])))
}

/** The first message of a refused input, as every client shows it. */
export const firstIssue = (error: z.ZodError): { message: string; field?: string } => {
  const issue = error.issues[0]!
  return { message: issue.message, field: issue.path.length ? String(issue.path[0]) : undefined }
}
