import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCHEDULES, hasSchedules, isScheduleKey, maskTime, scheduleErrors, scheduleFieldErrors, schedulesOf, schedulesPayload, nightShift, validTime,
  withTime,
} from './schedules';

describe('weekly service hours', () => {
  it('defaults to 08:00-12:00 and 13:00-18:00 every day, Monday first', () => {
    expect(DEFAULT_SCHEDULES.map((d) => d.weekdayEn)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    DEFAULT_SCHEDULES.forEach((d) => expect(d).toMatchObject({ startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' }));
  });

  it('types times through the ##:## mask', () => {
    expect(maskTime('8')).toBe('8');
    expect(maskTime('08')).toBe('08');
    expect(maskTime('083')).toBe('08:3');
    expect(maskTime('0830')).toBe('08:30');
    expect(maskTime('08:305')).toBe('08:30');
    expect(maskTime('ab1c2:3d4')).toBe('12:34');
    expect(maskTime(null)).toBe('');
  });

  it('accepts HH:MM between 00:00 and 23:59', () => {
    ['00:00', '09:05', '23:59'].forEach((value) => expect(validTime(value)).toBe(true));
    ['24:00', '12:60', '9:00', '0900', ''].forEach((value) => expect(validTime(value)).toBe(false));
  });

  it('keeps every weekday once and flags bad times, an empty one closing the shift', () => {
    const list = schedulesOf([{ weekdayEn: 'sunday', startTimeA: '', endTimeA: '', startTimeB: '10:00', endTimeB: '99:00' }, { weekdayEn: 'x' }]);
    expect(list).toHaveLength(7);
    expect(list[6]).toMatchObject({ weekday: 'Domingo', startTimeA: '', startTimeB: '10:00' });
    expect(scheduleErrors(list)).toEqual({ 'sunday.endTimeB': 'hours.validation.time' });
    expect(schedulesOf(undefined)).toEqual(DEFAULT_SCHEDULES);
    expect(hasSchedules([])).toBe(false);
    expect(hasSchedules(null)).toBe(false);
    expect(hasSchedules(DEFAULT_SCHEDULES)).toBe(true);
  });

  it("wants a shift's end to differ from its start; an earlier end is a night shift", () => {
    const list = withTime(withTime(DEFAULT_SCHEDULES, 'friday', 'endTimeA', '0800'), 'monday', 'endTimeB', '1300');
    expect(list[4].endTimeA).toBe('08:00');
    expect(scheduleErrors(list)).toEqual({ 'friday.endTimeA': 'hours.validation.order', 'monday.endTimeB': 'hours.validation.order' });
    const night = withTime(withTime(DEFAULT_SCHEDULES, 'friday', 'startTimeB', '2200'), 'friday', 'endTimeB', '0200');
    expect(scheduleErrors(night)).toEqual({});
    expect(nightShift(night[4], 'B')).toBe(true);
    expect(nightShift(night[4], 'A')).toBe(false);
  });

  it('sends only the stored keys and keys server errors by weekday', () => {
    const sent = schedulesPayload([{ ...DEFAULT_SCHEDULES[0], extra: 1 }]);
    expect(sent).toEqual([{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' }]);
    expect(scheduleFieldErrors({ 'schedules[2].endTimeB': 'Horário inválido (HH:mm)', name: 'Obrigatório', 'schedules[9].x': 'y' }, DEFAULT_SCHEDULES))
      .toEqual({ 'wednesday.endTimeB': 'Horário inválido (HH:mm)', name: 'Obrigatório', 'schedules[9].x': 'y' });
    expect(isScheduleKey('monday.startTimeA')).toBe(true);
    expect(isScheduleKey('options.name')).toBe(false);
  });
});
