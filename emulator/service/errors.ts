// The one error type handlers throw; the server turns it into `{ "error": { code, message } }`.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A request field with the wrong type, a missing required one or an unknown key: 422 naming the field path. */
export class ValidationError extends ApiError {
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(422, "validation_error", `${field}: ${problem}`);
  }
}

export function notFound(what: string): ApiError {
  return new ApiError(404, "not_found", `${what} not found`);
}

export function errorBody(code: string, message: string): { error: { code: string; message: string } } {
  return { error: { code, message } };
}
