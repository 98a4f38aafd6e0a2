import { describe, expect, it } from 'vitest';
import {
  checkSpreadsheet, eventForList, itemPayload, itemToForm, listPayload, validateItem, validateList, whatsappMark,
} from './contactListForm';
import { campaignsShown, canManageContactLists } from './access';

const storage = (flags = {}) => ({ getItem: (key) => flags[key] ?? null });

describe('contact list forms', () => {
  it('checks the list name: 2 to 50, required', () => {
    expect(validateList({ name: '' })).toEqual({ name: 'validation.required' });
    expect(validateList({ name: 'A' })).toEqual({ name: 'validation.tooShort' });
    expect(validateList({ name: 'a'.repeat(51) })).toEqual({ name: 'validation.tooLong' });
    expect(validateList({ name: 'VIP' })).toEqual({});
    expect(listPayload({ name: '  VIP ' })).toEqual({ name: 'VIP' });
  });

  it('checks an item: name 2-50, number 8-50, e-mail optional but valid', () => {
    expect(validateItem({ name: 'Z', number: '1234567', email: 'nope' })).toEqual({
      name: 'validation.tooShort', number: 'validation.tooShort', email: 'validation.invalidEmail',
    });
    expect(validateItem({ name: 'Zeca', number: '', email: '' })).toEqual({ number: 'validation.required' });
    expect(validateItem({ name: 'Zeca', number: '(11) 99999-0001', email: '' })).toEqual({});
  });

  it('sends the item with its list', () => {
    expect(itemPayload({ name: ' Ana ', number: ' 11999990001', email: '' }, '7'))
      .toEqual({ contactListId: 7, name: 'Ana', number: '11999990001', email: '' });
    expect(itemToForm(null)).toEqual({ name: '', number: '', email: '' });
  });

  it('marks the WhatsApp check of an item', () => {
    expect(whatsappMark({ isWhatsappValid: true })).toBe('valid');
    expect(whatsappMark({ isWhatsappValid: false })).toBe('invalid');
    expect(whatsappMark({ isWhatsappValid: null })).toBe('unchecked');
  });

  it('keeps the events of the list shown only', () => {
    expect(eventForList({ action: 'reload', contactListId: 3 }, '3')).toBe(true);
    expect(eventForList({ action: 'create', record: { contactListId: 3 } }, '3')).toBe(true);
    expect(eventForList({ action: 'delete', id: 9, contactListId: 4 }, '3')).toBe(false);
  });

  it('takes .xlsx and .csv files up to 10 MB', () => {
    expect(checkSpreadsheet({ name: 'lista.xlsx', size: 1000 })).toBeNull();
    expect(checkSpreadsheet({ name: 'LISTA.CSV', size: 1000 })).toBeNull();
    expect(checkSpreadsheet({ name: 'lista.xls', size: 1000 })).toBe('contactLists.import.badType');
    expect(checkSpreadsheet({ name: 'lista.xlsx', size: 11 * 1024 * 1024 })).toBe('contactLists.import.tooLarge');
    expect(checkSpreadsheet(null)).toBe('contactLists.import.noFile');
  });
});

describe('campaigns access', () => {
  const admin = { profile: 'admin', company: { plan: { useCampaigns: true } } };
  const agent = { profile: 'user', company: { plan: { useCampaigns: true } } };
  const noPlan = { profile: 'admin', company: { plan: { useCampaigns: false } } };

  it('shows the area with the plan flag and campaignsEnabled (or the cshow flag)', () => {
    expect(campaignsShown(admin, 'enabled', storage())).toBe(true);
    expect(campaignsShown(admin, 'disabled', storage())).toBe(false);
    expect(campaignsShown(admin, undefined, storage({ cshow: 'true' }))).toBe(true);
    expect(campaignsShown(noPlan, 'enabled', storage({ cshow: 'true' }))).toBe(false);
  });

  it('lets admins of a plan with campaigns manage lists, never a profile user', () => {
    expect(canManageContactLists(admin)).toBe(true);
    expect(canManageContactLists(agent)).toBe(false);
    expect(canManageContactLists(noPlan)).toBe(false);
  });
});
