/** Pure edits of the pages of GET /users/ ({ users, hasMore } each) kept by useUsersList. */

const hasUser = (pages, id) => pages.some((page) => page.users.some((u) => u.id === id));

export const withChanges = (pages, user) =>
  pages.map((page) => ({ ...page, users: page.users.map((u) => (u.id === user.id ? { ...u, ...user } : u)) }));

export function withNewUser(pages, user) {
  if (hasUser(pages, user.id)) return withChanges(pages, user);
  const [first, ...rest] = pages;
  return [{ ...first, users: [user, ...first.users] }, ...rest];
}

export const withoutUser = (pages, id) => pages.map((page) => ({ ...page, users: page.users.filter((u) => u.id !== id) }));
