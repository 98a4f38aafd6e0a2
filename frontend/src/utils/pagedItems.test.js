import { describe, expect, it } from 'vitest';
import { arrayWith, arrayWithout, nearBottom, withChanges, withItem, withoutItem } from './pagedItems';

const pages = () => [
  { tags: [{ id: 1, name: 'vip' }, { id: 2, name: 'lead' }], hasMore: true, count: 3 },
  { tags: [{ id: 3, name: 'old' }], hasMore: false },
];

describe('paged items', () => {
  it('adds a new item on top and counts it', () => {
    const result = withItem(pages(), 'tags', { id: 9, name: 'new' });
    expect(result[0].tags.map((t) => t.id)).toEqual([9, 1, 2]);
    expect(result[0].count).toBe(4);
  });

  it('replaces a listed item in place', () => {
    const result = withItem(pages(), 'tags', { id: 3, name: 'older' });
    expect(result.flatMap((p) => p.tags).map((t) => t.name)).toEqual(['vip', 'lead', 'older']);
    expect(result[0].count).toBe(3);
  });

  it('merges changes only into listed items', () => {
    expect(withChanges(pages(), 'tags', { id: 2, color: '#fff' })[0].tags[1]).toEqual({ id: 2, name: 'lead', color: '#fff' });
    expect(withChanges(pages(), 'tags', { id: 42 }).flatMap((p) => p.tags)).toHaveLength(3);
  });

  it('removes an item wherever it is and leaves unknown ids alone', () => {
    const result = withoutItem(pages(), 'tags', 3);
    expect(result[1].tags).toEqual([]);
    expect(result[0].count).toBe(2);
    const same = pages();
    expect(withoutItem(same, 'tags', 77)).toBe(same);
  });

  it('leaves an empty cache alone', () => {
    expect(withItem(undefined, 'tags', { id: 1 })).toBeUndefined();
    expect(withItem([], 'tags', { id: 1 })).toEqual([]);
  });

  it('tells when a list is scrolled near its bottom', () => {
    expect(nearBottom({ scrollTop: 850, scrollHeight: 1000, clientHeight: 100 })).toBe(true);
    expect(nearBottom({ scrollTop: 100, scrollHeight: 1000, clientHeight: 100 })).toBe(false);
  });

  it('edits plain lists by id', () => {
    const list = [{ id: 1, name: 'a' }, { id: 2, name: 'b' }];
    expect(arrayWith(list, { id: 2, name: 'B' })).toEqual([{ id: 1, name: 'a' }, { id: 2, name: 'B' }]);
    expect(arrayWith(list, { id: 3, name: 'c' }).map((i) => i.id)).toEqual([1, 2, 3]);
    expect(arrayWith(undefined, { id: 3 })).toEqual([{ id: 3 }]);
    expect(arrayWithout(list, 1)).toEqual([{ id: 2, name: 'b' }]);
  });
});
