import {
  createLocalReq,
  type Endpoint,
  type Payload,
  type PayloadHandler,
  type PayloadRequest,
  type RequestContext,
} from 'payload'

import { contracts, type ContractName, type Contracts } from '@/contracts'
import {
  firstIssue,
  type AnyContract,
  type ParsedInputOf,
  type ParsedParamsOf,
} from '@/contracts/contract'
import { TWO_FACTOR_MESSAGES } from '@/rules/twoFactor'
import { readJson, refuse } from '@/server/http/requests'
import { isStaffUser, lacksSecondFactor, markViaCommand } from '@collections/access'
import { missingReference, missingReferenceErrors } from '@collections/shared/missingReference'
import { refusalForSuspended } from '@collections/shared/suspension'
import type { z } from 'zod'

/** What a command's work is handed: the request, the parsed input and path, the caller. */
export interface CommandCall<C extends AnyContract> {
  req: PayloadRequest
  input: ParsedInputOf<C>
  params: ParsedParamsOf<C>
  /** The caller; null only for contracts open to anyone. */
  user: PayloadRequest['user']
}

/** The command's work: its answer (checked against the contract), or a refusal it built. */
export type CommandWork<C extends AnyContract> = (
  call: CommandCall<C>,
) => Promise<z.input<C['output']> | Response>

/** A refusal in Payload's error shape, naming the field when the schema did. */
function inputRefusal(error: z.ZodError): Response {
  const { message, field } = firstIssue(error)
  return Response.json(
    { errors: [{ message, ...(field ? { data: { errors: [{ path: field, message }] } } : {}) }] },
    { status: 400 },
  )
}

/** The caller rule of the contract, or null when this caller may go on. */
function callerRefusal(contract: AnyContract, user: PayloadRequest['user']): Response | null {
  if (contract.caller === 'anyone') return null
  if (contract.caller === 'staff') {
    if (lacksSecondFactor(user, 'editor', 'admin'))
      return refuse(403, TWO_FACTOR_MESSAGES.staffNeedsTwoFactor)
    return isStaffUser(user) ? null : refuse(403, contract.refusals?.[403] ?? 'Staff only.')
  }
  if (!user) return refuse(401, contract.signIn ?? 'You must be logged in.')
  return contract.caller === 'member' ? refusalForSuspended(user) : null
}

const checksAnswers = process.env.NODE_ENV !== 'production'

function handlerFor<C extends AnyContract>(contract: C, work: CommandWork<C>): PayloadHandler {
  return async (req) => {
    const refused = callerRefusal(contract, req.user)
    if (refused) return refused
    const params = (contract.params ?? null)?.safeParse(req.routeParams ?? {})
    if (params && !params.success) return refuse(404, contract.refusals?.[404] ?? 'Not found.')
    const raw =
      contract.method === 'GET'
        ? Object.fromEntries(new URL(req.url ?? '', 'http://local').searchParams)
        : await readJson(req)
    const input = contract.input.safeParse(raw)
    if (!input.success) return inputRefusal(input.error)
    // The collections open their member writes to this request alone (throughCommand).
    markViaCommand(req)
    const answer = await work({
      req,
      input: input.data as ParsedInputOf<C>,
      params: (params?.data ?? {}) as ParsedParamsOf<C>,
      user: req.user,
    }).catch((error: unknown) => {
      // Answered here too (the config's hook would), so a refusal is not logged as an error.
      const missing = missingReference(error)
      if (!missing) throw error
      return Response.json(missingReferenceErrors(missing), { status: 400 })
    })
    if (answer instanceof Response) return answer
    // Outside production an answer that strays from its contract fails loudly, so the
    // description can never drift from what the server says.
    if (checksAnswers) {
      const checked = contract.output.safeParse(answer)
      if (!checked.success)
        throw new Error(`${contract.method} ${contract.path} answered outside its contract`, {
          cause: checked.error,
        })
    }
    const headers =
      contract.cache === 'private' ? { 'cache-control': 'private, no-store' } : undefined
    return Response.json(answer, { status: contract.status ?? 200, headers })
  }
}

/**
 * The endpoint that serves the named contract. Mounted on the collection its path names
 * (`/api/follows/toggle` on `follows`), or with `{ root: true }` on the API root.
 */
export function command<N extends ContractName>(
  name: N,
  work: CommandWork<Contracts[N]>,
  { root = false }: { root?: boolean } = {},
): Endpoint {
  const contract: AnyContract = contracts[name]
  const under = root ? '/api' : /^\/api\/[^/]+/.exec(contract.path)![0]
  return {
    path: contract.path.slice(under.length).replace(/\{(\w+)\}/g, ':$1') || '/',
    method: contract.method.toLowerCase() as Endpoint['method'],
    handler: handlerFor(contracts[name], work),
  }
}

/**
 * Runs a command's work outside HTTP (the seed, jobs): the contract parses the input as the
 * endpoint would, then the same work runs as `user`. A refusal throws, naming the verb, so a
 * seed that breaks a rule fails loudly instead of writing what members could not.
 */
export async function runCommand<N extends ContractName>(
  payload: Payload,
  name: N,
  work: CommandWork<Contracts[N]>,
  call: {
    user: NonNullable<PayloadRequest['user']>
    input: z.input<Contracts[N]['input']>
    params?: z.input<NonNullable<Contracts[N]['params']>>
    /** What the hooks are told (the seed: no live pushes, no page rebuilds). */
    context?: RequestContext
  },
): Promise<z.output<Contracts[N]['output']>> {
  const contract: AnyContract = contracts[name]
  const req = await createLocalReq({ user: call.user, context: { ...call.context } }, payload)
  markViaCommand(req)
  const answer = await work({
    req,
    input: contract.input.parse(call.input) as ParsedInputOf<Contracts[N]>,
    params: (contract.params?.parse(call.params ?? {}) ?? {}) as ParsedParamsOf<Contracts[N]>,
    user: call.user,
  })
  if (answer instanceof Response)
    throw new Error(`${name} refused (${answer.status}): ${await answer.text()}`)
  return contract.output.parse(answer) as z.output<Contracts[N]['output']>
}
