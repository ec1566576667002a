// Why a description cannot be compared, in one line that says what to do: the command prints it and exits 2.

/** A document that is not an OpenAPI 3.0 or 3.1 description drift can read, or that cannot be had at all. */
export class DescriptionError extends Error {
  override readonly name = 'DescriptionError';
}
