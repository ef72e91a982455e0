import { describe, expect, it } from 'vitest';
import { addDays, localToday, pickDate, rangeFree, weekday } from './hireDates';

describe('hire dates', () => {
  it('counts calendar days across a DST change and the year end', () => {
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(addDays('2026-11-01', 1)).toBe('2026-11-02');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(weekday('2026-12-04')).toBe(4); // a Friday, Monday first
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('picks a range by two clicks: a one-day hire includes its day, an earlier click starts again', () => {
    let r = pickDate({ start: '', end: '' }, '2026-12-04');
    expect(r).toEqual({ start: '2026-12-04', end: '' });
    r = pickDate(r, '2026-12-04');
    expect(r).toEqual({ start: '2026-12-04', end: '2026-12-04' });
    expect(pickDate({ start: '2026-12-04', end: '' }, '2026-12-07')).toEqual({ start: '2026-12-04', end: '2026-12-07' });
    expect(pickDate({ start: '2026-12-04', end: '' }, '2026-12-01')).toEqual({ start: '2026-12-01', end: '' });
    expect(pickDate({ start: '2026-12-04', end: '2026-12-07' }, '2026-12-10')).toEqual({ start: '2026-12-10', end: '' });
  });

  it('needs enough units on every day of the range', () => {
    const free = new Map([
      ['2026-12-04', 2],
      ['2026-12-05', 1],
      ['2026-12-06', 2],
    ]);
    expect(rangeFree(free, '2026-12-04', '2026-12-06', 1)).toBe(true);
    expect(rangeFree(free, '2026-12-04', '2026-12-06', 2)).toBe(false);
    expect(rangeFree(free, '2026-12-06', '2026-12-07', 1)).toBe(false);
  });
});
