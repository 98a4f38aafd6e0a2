import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { tagPayload, tagToForm, validateTag } from './tagForm';

describe('tag form', () => {
  it('starts a new tag with a random colour, off the kanban', () => {
    const form = tagToForm(null, () => 0.5);
    expect(form).toEqual({ name: '', color: '#808080', kanban: false });
    expect(tagToForm(null).color).toMatch(/^#[0-9A-F]{6}$/);
  });

  it('loads a tag with its kanban flag', () => {
    expect(tagToForm({ id: 1, name: 'VIP', color: '#FF0000', kanban: 1 })).toEqual({ name: 'VIP', color: '#FF0000', kanban: true });
  });

  it('refuses names under 3 characters with "Tag muito curta!"', () => {
    expect(validateTag({ name: 'ab', color: '#fff' })).toEqual({ name: 'contacts.validation.tagTooShort' });
    expect(i18n.t(validateTag({ name: ' a ', color: '#fff' }).name)).toBe('Tag muito curta!');
    expect(validateTag({ name: '', color: '' })).toEqual({ name: 'validation.required', color: 'validation.required' });
    expect(validateTag({ name: 'abc', color: '#fff' })).toEqual({});
  });

  it('sends kanban as 0 or 1', () => {
    expect(tagPayload({ name: ' VIP ', color: '#F00', kanban: true })).toEqual({ name: 'VIP', color: '#F00', kanban: 1 });
    expect(tagPayload({ name: 'VIP', color: '#F00', kanban: false }).kanban).toBe(0);
  });
});
