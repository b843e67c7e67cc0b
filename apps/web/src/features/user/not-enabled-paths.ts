/** Paths of spec §2 whose login method or feature is not built yet; each says so instead of a blank page. */
export const NOT_ENABLED_PATHS: readonly string[] = [];
