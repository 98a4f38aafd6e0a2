import { describe, expect, it } from 'vitest';
import { applyAnnouncementEvent, validateAnnouncement } from './announcementsApi';

const a = (id, priority, status = true) => ({ id, priority, status, title: `t${id}` });

describe('announcements', () => {
  it('title and text are required', () => {
    expect(validateAnnouncement({ title: ' ', text: '' })).toEqual({ title: 'validation.required', text: 'validation.required' });
    expect(validateAnnouncement({ title: 'x', text: 'y' })).toEqual({});
  });

  it('keeps the popover to active ones, most urgent then newest', () => {
    let list = [a(1, 3)];
    list = applyAnnouncementEvent(list, { action: 'create', record: a(2, 1) });
    list = applyAnnouncementEvent(list, { action: 'create', record: a(3, 3) });
    expect(list.map((x) => x.id)).toEqual([2, 3, 1]);
    list = applyAnnouncementEvent(list, { action: 'update', record: a(3, 3, false) });
    expect(list.map((x) => x.id)).toEqual([2, 1]);
    list = applyAnnouncementEvent(list, { action: 'delete', id: 2 });
    expect(list.map((x) => x.id)).toEqual([1]);
  });
});
