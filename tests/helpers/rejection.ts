// An operation that must fail, awaited for its error: the test fails if it succeeds.

/** The error `promise` rejects with, typed as the caller names it (the fields it carries: id, properties…). */
export function rejection<E = Error>(promise: Promise<unknown>): Promise<E> {
  return promise.then(
    () => {
      throw new Error("expected a failure, and the call succeeded");
    },
    (e: unknown) => e as E,
  );
}
