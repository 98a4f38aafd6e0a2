import { describe, expect, it } from 'vitest';
import { daysUntilDue, dueDateSeverity, formatDate, isSubscriptionActive, shouldWarnDueDate } from './dueDate';

const now = new Date(2025, 2, 10, 15, 30); // 10 March 2025, afternoon

describe('daysUntilDue', () => {
  it('counts whole calendar days from today', () => {
    expect(daysUntilDue('2025-03-10', now)).toBe(0);
    expect(daysUntilDue('2025-03-11', now)).toBe(1);
    expect(daysUntilDue('2025-03-15', now)).toBe(5);
    expect(daysUntilDue('2025-03-09', now)).toBe(-1);
    expect(daysUntilDue('2025-04-10T00:00:00Z', now)).toBe(31);
  });

  it("counts from the company's today when given its zone", () => {
    const lateUTC = new Date(Date.UTC(2025, 2, 11, 1)); // 22:00 of the 10th in São Paulo
    expect(daysUntilDue('2025-03-10', lateUTC, 'America/Sao_Paulo')).toBe(0);
    expect(daysUntilDue('2025-03-10', lateUTC, 'UTC')).toBe(-1);
    expect(isSubscriptionActive({ id: 2, dueDate: '2025-03-10', timezone: 'America/Sao_Paulo' }, lateUTC)).toBe(true);
  });

  it('is null without a date', () => {
    expect(daysUntilDue(null, now)).toBeNull();
  });
});

describe('isSubscriptionActive', () => {
  it('never expires company 1', () => {
    expect(isSubscriptionActive({ id: 1, dueDate: '2000-01-01' }, now)).toBe(true);
  });

  it('holds through the due date and ends the day after', () => {
    expect(isSubscriptionActive({ id: 2, dueDate: '2025-03-20' }, now)).toBe(true);
    expect(isSubscriptionActive({ id: 2, dueDate: '2025-03-10' }, now)).toBe(true);
    expect(isSubscriptionActive({ id: 2, dueDate: '2025-03-09' }, now)).toBe(false);
  });

  it('treats a company without due date as active and a missing company as inactive', () => {
    expect(isSubscriptionActive({ id: 3, dueDate: null }, now)).toBe(true);
    expect(isSubscriptionActive(undefined, now)).toBe(false);
  });
});

describe('dueDateSeverity', () => {
  it('is red when due or overdue, yellow with 1-5 days left, plain otherwise', () => {
    expect(dueDateSeverity(-3)).toBe('error');
    expect(dueDateSeverity(0)).toBe('error');
    expect(dueDateSeverity(1)).toBe('warning');
    expect(dueDateSeverity(5)).toBe('warning');
    expect(dueDateSeverity(6)).toBeNull();
    expect(dueDateSeverity(null)).toBeNull();
  });
});

describe('shouldWarnDueDate', () => {
  it('warns under 5 days, except for company 1', () => {
    expect(shouldWarnDueDate({ id: 2, dueDate: '2025-03-14' }, now)).toBe(true);
    expect(shouldWarnDueDate({ id: 2, dueDate: '2025-03-15' }, now)).toBe(false);
    expect(shouldWarnDueDate({ id: 1, dueDate: '2025-03-11' }, now)).toBe(false);
    expect(shouldWarnDueDate({ id: 2, dueDate: null }, now)).toBe(false);
  });
});

describe('formatDate', () => {
  it('shows dd/MM/yyyy', () => {
    expect(formatDate('2025-03-09')).toBe('09/03/2025');
    expect(formatDate('')).toBe('');
  });
});
