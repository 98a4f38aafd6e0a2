import { describe, expect, it } from 'vitest';
import { withChanges, withNewUser, withoutUser } from './usersPages';

const pages = () => [
  { users: [{ id: 1, name: 'Ana', online: false }, { id: 2, name: 'Bia', online: false }], hasMore: true },
  { users: [{ id: 3, name: 'Caio', online: false }], hasMore: false },
];

describe('users pages', () => {
  it('adds a new user on top of the first page', () => {
    const result = withNewUser(pages(), { id: 9, name: 'Davi' });
    expect(result[0].users.map((u) => u.id)).toEqual([9, 1, 2]);
    expect(result[0].hasMore).toBe(true);
    expect(result[1].users).toHaveLength(1);
  });

  it('replaces a listed user in place instead of adding it twice', () => {
    const result = withNewUser(pages(), { id: 3, name: 'Caio Souza' });
    expect(result.flatMap((p) => p.users).map((u) => u.name)).toEqual(['Ana', 'Bia', 'Caio Souza']);
  });

  it('merges partial changes (presence) into a listed user only', () => {
    const result = withChanges(pages(), { id: 2, online: true });
    expect(result[0].users[1]).toEqual({ id: 2, name: 'Bia', online: true });
    expect(withChanges(pages(), { id: 42, online: true }).flatMap((p) => p.users)).toHaveLength(3);
  });

  it('removes a user from whichever page holds it', () => {
    const result = withoutUser(pages(), 3);
    expect(result[1].users).toEqual([]);
    expect(result[0].users).toHaveLength(2);
  });
});
