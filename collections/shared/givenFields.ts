/**
 * The fields a command's input gave: a partial edit leaves out what it does not change, and a
 * key present as undefined would hide the stored value from the collection's merge-and-validate.
 */
export const givenFields = <T extends object>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>
  }
