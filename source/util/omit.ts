// A shallow copy of an object without the named keys (what rest destructuring does, with no unused names left over).

/** Omit applied to each member of a union, so a tagged union stays one. */
export type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export function omit<T extends object, K extends keyof T>(value: T, ...keys: K[]): OmitEach<T, K> {
  const copy: Partial<T> = { ...value };
  for (const key of keys) delete copy[key];
  return copy as OmitEach<T, K>;
}
