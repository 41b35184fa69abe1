import { Ajv2020 } from 'ajv/dist/2020.js'

/**
 * Checks an answer against the API's own description (/api/openapi.json): the operation for the
 * method and path, the status it answered, and the body against that status's schema.
 */
type Json = Record<string, unknown>

export interface AnswerCheck {
  /** The operation's id, or null when the description has no such operation. */
  operation: string | null
  /** Why the answer does not match, or null. */
  problem: string | null
}

export function answerChecker(description: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false })
  ajv.addSchema(description, 'api')
  const paths = description.paths as Record<string, Record<string, Json>>
  const templates = Object.keys(paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`),
  }))
  const errorRef = { $ref: 'api#/components/schemas/Error' }
  const pointer = (...parts: string[]) =>
    parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')
  const resolve = (value: Json): Json => {
    const target = value.$ref
    if (typeof target !== 'string') return value
    return target
      .slice(2)
      .split('/')
      .reduce<Json>((node, key) => node[key] as Json, description)
  }

  /** `media`: the answer's content type (JSON when not given). */
  return (method: string, url: string, status: number, body: unknown, media = ''): AnswerCheck => {
    // The router reads repeated and trailing slashes as one and none.
    const path = new URL(url, 'http://local').pathname
      .replace(/\/{2,}/g, '/')
      .replace(/(.)\/$/, '$1')
    // Payload's own collections (jobs run by the scheduler, the admin's preferences) serve the
    // server and the admin, not clients: left out of the description, and of the check.
    if (path.startsWith('/api/payload-')) return { operation: null, problem: null }
    // A literal path wins over a template (/api/follows/state before /api/follows/{id}).
    const found =
      templates.find((t) => t.template === path && paths[t.template]![method.toLowerCase()]) ??
      templates.find((t) => t.pattern.test(path) && paths[t.template]![method.toLowerCase()])
    if (!found) {
      // What the API does not offer is refused in its one error shape: a 4xx, never done.
      const refused = status >= 400 && status < 500 && ajv.validate(errorRef, body)
      return {
        operation: null,
        problem: refused ? null : `${method} ${path} is not described (it answered ${status})`,
      }
    }
    const verb = method.toLowerCase()
    const operation = paths[found.template]![verb]!
    const name = String(operation.operationId)
    const responses = operation.responses as Record<string, Json>
    const key = responses[String(status)] ? String(status) : `${String(status)[0]}XX`
    const described = responses[key]
    if (!described) return { operation: name, problem: `${name} does not describe a ${status}` }
    const content = resolve(described).content as Record<string, Json> | undefined
    if (!content) return { operation: name, problem: null }
    const type = media.split(';')[0]!.trim()
    if (type && type !== 'application/json') {
      const described = Object.keys(content).some(
        (m) => m === type || (m.endsWith('/*') && type.startsWith(m.slice(0, -1))),
      )
      return {
        operation: name,
        problem: described ? null : `${name} ${status} is not described as ${type}`,
      }
    }
    if (!content['application/json'])
      return { operation: name, problem: `${name} ${status} is not described as JSON` }
    const ref = described.$ref
      ? `api#${String(described.$ref).slice(1)}/content/application~1json/schema`
      : `api#/${pointer('paths', found.template, verb, 'responses', key)}/content/application~1json/schema`
    const valid = ajv.validate({ $ref: ref }, body)
    return {
      operation: name,
      problem: valid ? null : `${name} ${status}: ${ajv.errorsText(ajv.errors)}`,
    }
  }
}
