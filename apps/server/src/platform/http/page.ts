/** A page of results in the original's shape (`{pageData, currentPage, perPage, totalCount, totalPage}`). */
export function pageReply<T>(pageData: T[], page: number, perPage: number, total: number) {
  return { pageData, currentPage: page, perPage, totalCount: total, totalPage: Math.ceil(total / perPage) };
}
