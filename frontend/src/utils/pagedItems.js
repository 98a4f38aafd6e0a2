/**
 * Pure edits of the pages kept by usePagedList: each page is an answer of a paged list call
 * ({ [itemsKey]: [...], hasMore, count? }); items are matched by id.
 */

const itemsOf = (page, key) => page?.[key] || [];

export const hasItem = (pages, key, id) => pages.some((page) => itemsOf(page, key).some((item) => item.id === id));

/** Merges changes into the listed item with the same id; unlisted items are left out. */
export const withChanges = (pages, key, item) =>
  pages.map((page) => ({ ...page, [key]: itemsOf(page, key).map((i) => (i.id === item.id ? { ...i, ...item } : i)) }));

/** Adds an item on top of the first page, or replaces it in place when listed. */
export function withItem(pages, key, item) {
  if (!pages?.length) return pages;
  if (hasItem(pages, key, item.id)) return withChanges(pages, key, item);
  const [first, ...rest] = pages;
  const count = typeof first.count === 'number' ? { count: first.count + 1 } : {};
  return [{ ...first, ...count, [key]: [item, ...itemsOf(first, key)] }, ...rest];
}

/** Removes the item from whichever page holds it. */
export function withoutItem(pages, key, id) {
  if (!pages?.length || !hasItem(pages, key, id)) return pages;
  return pages.map((page, index) => ({
    ...page,
    ...(index === 0 && typeof page.count === 'number' ? { count: Math.max(0, page.count - 1) } : {}),
    [key]: itemsOf(page, key).filter((i) => i.id !== id),
  }));
}

/** True when a scroll container is within threshold px of its bottom. */
export function nearBottom(element, threshold = 100) {
  const { scrollTop, scrollHeight, clientHeight } = element;
  return scrollHeight - (scrollTop + clientHeight) < threshold;
}

/** A plain list with item added at the end, or replaced in place when its id is listed. */
export function arrayWith(list, item) {
  const items = Array.isArray(list) ? list : [];
  return items.some((i) => i.id === item.id) ? items.map((i) => (i.id === item.id ? { ...i, ...item } : i)) : [...items, item];
}

/** A plain list without the item of that id. */
export const arrayWithout = (list, id) => (Array.isArray(list) ? list.filter((i) => i.id !== id) : list);
