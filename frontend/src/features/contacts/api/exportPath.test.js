import { describe, expect, it } from 'vitest';
import { exportPath } from './contactsApi';

describe('contacts export', () => {
  it('carries the list filters, leaving empty ones out', () => {
    expect(exportPath({ searchParam: '', contactTag: undefined })).toBe('/contacts/export');
    expect(exportPath({ searchParam: 'ana', contactTag: '[3,4]' })).toBe('/contacts/export?searchParam=ana&contactTag=%5B3%2C4%5D');
  });
});
