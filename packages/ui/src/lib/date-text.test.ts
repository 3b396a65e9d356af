import { describe, expect, it } from 'vitest';
import { addDays, addMonths, clampDay, monthWeeks, todayIst, weekdayOf } from './calendar-days';
import { formatDateValue, parseDateText, typedTime } from './date-text';

// Expectations worked by hand: 1 November 2026 is a Sunday, IST is UTC+05:30, 2028 is a leap year and 2026 is not.
const date = (text: string, bounds = {}) => parseDateText('date', text, bounds);
const dateTime = (text: string, bounds = {}) => parseDateText('datetime-local', text, bounds);
const time = (text: string, bounds = {}) => parseDateText('time', text, bounds);

describe('a date field', () => {
  it('reads the forms an Indian trader types, day first', () => {
    for (const text of [
      '20 Nov 2026',
      '20 November 2026',
      '20 nov 2026',
      '20-Nov-2026',
      '20-Nov-26',
      '20th November, 2026',
      '20-11-2026',
      '20/11/2026',
      '20.11.2026',
      '20/11/26',
      '2026-11-20',
      '  20  Nov   2026 ',
    ]) {
      expect(date(text), text).toEqual({ value: '2026-11-20' });
    }
    expect(date('5/3/2026')).toEqual({ value: '2026-03-05' });
    expect(date('2026-3-5')).toEqual({ value: '2026-03-05' });
    expect(date('1 Sept 2026')).toEqual({ value: '2026-09-01' });
    expect(date('1 Sep 2026')).toEqual({ value: '2026-09-01' });
    expect(date('01.04.99')).toEqual({ value: '2099-04-01' });
  });

  it('gives no value for empty text', () => {
    expect(date('')).toEqual({ value: '' });
    expect(date('   ')).toEqual({ value: '' });
  });

  it('asks for a date for text that is not one', () => {
    const message = 'Type a date such as 20 Nov 2026';
    for (const text of [
      '20',
      '20 Nov',
      'tomorrow',
      '20/13/2026',
      '20 Ma 2026',
      '20/11-2026',
      '20/11/202',
      '20 Nov 2026, 10:22',
    ]) {
      expect(date(text), text).toEqual({ error: message });
    }
  });

  it('says when the month has no such day', () => {
    expect(date('31 Feb 2026')).toEqual({ error: 'February 2026 has no day 31' });
    expect(date('29/02/2026')).toEqual({ error: 'February 2026 has no day 29' });
    expect(date('29/02/2028')).toEqual({ value: '2028-02-29' });
    expect(date('31-04-2026')).toEqual({ error: 'April 2026 has no day 31' });
    expect(date('0 Jan 2026')).toEqual({ error: 'January 2026 has no day 0' });
  });

  it('keeps to min and max, which are allowed themselves', () => {
    const bounds = { min: '2026-04-01', max: '2026-12-05' };
    expect(date('5 Dec 2026', bounds)).toEqual({ value: '2026-12-05' });
    expect(date('1 Apr 2026', bounds)).toEqual({ value: '2026-04-01' });
    expect(date('6 Dec 2026', bounds)).toEqual({ error: 'Pick a day on or before 5 Dec 2026' });
    expect(date('31/03/2026', bounds)).toEqual({ error: 'Pick a day on or after 1 Apr 2026' });
  });

  it('shows a value as the app writes dates', () => {
    expect(formatDateValue('date', '2026-11-20')).toBe('20 Nov 2026');
    expect(formatDateValue('date', '2026-09-01')).toBe('1 Sept 2026');
    expect(formatDateValue('date', '')).toBe('');
    expect(formatDateValue('date', 'soon')).toBe('soon');
  });
});

describe('a date and time field', () => {
  it('reads a date, then ", ", a space or "T", then a time', () => {
    expect(dateTime('20 Nov 2026, 10:22')).toEqual({ value: '2026-11-20T10:22' });
    expect(dateTime('20 Nov 2026 10:22')).toEqual({ value: '2026-11-20T10:22' });
    expect(dateTime('20/11/26 9.05')).toEqual({ value: '2026-11-20T09:05' });
    expect(dateTime('20-11-2026, 10:22 pm')).toEqual({ value: '2026-11-20T22:22' });
    expect(dateTime('20 Oct 2026,3 PM')).toEqual({ value: '2026-10-20T15:00' });
    // What the app's browser tests fill in.
    expect(dateTime('2026-11-18T10:15')).toEqual({ value: '2026-11-18T10:15' });
  });

  it('asks for both a date and a time', () => {
    const message = 'Type a date and time such as 20 Nov 2026, 10:22';
    for (const text of ['20 Nov 2026', '10:22', '20 Nov 2026, 24:00', '20 Nov 2026, 10', '20 Nov 2026 13:00 pm']) {
      expect(dateTime(text), text).toEqual({ error: message });
    }
    expect(dateTime('31 Feb 2026, 10:22')).toEqual({ error: 'February 2026 has no day 31' });
  });

  it('keeps to min and max, a bound given as a day covering that whole day', () => {
    expect(dateTime('18 Nov 2026, 09:14', { min: '2026-11-18T09:15' })).toEqual({
      error: 'Pick a time on or after 18 Nov 2026, 09:15',
    });
    expect(dateTime('18 Nov 2026, 09:15', { min: '2026-11-18T09:15' })).toEqual({ value: '2026-11-18T09:15' });
    expect(dateTime('5 Dec 2026, 23:59', { max: '2026-12-05' })).toEqual({ value: '2026-12-05T23:59' });
    expect(dateTime('6 Dec 2026, 00:00', { max: '2026-12-05' })).toEqual({
      error: 'Pick a time on or before 5 Dec 2026',
    });
  });

  it('shows a value as the app writes date-times', () => {
    expect(formatDateValue('datetime-local', '2026-11-20T10:22')).toBe('20 Nov 2026, 10:22');
    expect(formatDateValue('datetime-local', '2026-01-05T00:05')).toBe('5 Jan 2026, 00:05');
  });

  it('finds the typed time even when the date is wrong', () => {
    expect(typedTime('31 Feb 2026, 2:30 pm')).toBe('14:30');
    expect(typedTime('20 Nov 2026')).toBeUndefined();
  });
});

describe('a time field', () => {
  it('reads a 24-hour time with a colon or a dot', () => {
    expect(time('10:22')).toEqual({ value: '10:22' });
    expect(time('10.22')).toEqual({ value: '10:22' });
    expect(time('9:05')).toEqual({ value: '09:05' });
    expect(time('00:00')).toEqual({ value: '00:00' });
    expect(time('23:59')).toEqual({ value: '23:59' });
  });

  it('reads am and pm, 12 am being midnight and 12 pm noon', () => {
    expect(time('10:22 pm')).toEqual({ value: '22:22' });
    expect(time('10:22 PM')).toEqual({ value: '22:22' });
    expect(time('10:22am')).toEqual({ value: '10:22' });
    expect(time('12:00 am')).toEqual({ value: '00:00' });
    expect(time('12:30 a.m.')).toEqual({ value: '00:30' });
    expect(time('12:00 pm')).toEqual({ value: '12:00' });
    expect(time('12:45 PM')).toEqual({ value: '12:45' });
    expect(time('1 pm')).toEqual({ value: '13:00' });
  });

  it('asks for a time for anything else', () => {
    const message = 'Type a time such as 10:22';
    for (const text of ['24:00', '10:60', '10', '0:30 am', '13:00 pm', '10:2', 'noon']) {
      expect(time(text), text).toEqual({ error: message });
    }
  });

  it('keeps to min and max', () => {
    const bounds = { min: '09:15', max: '15:30' };
    expect(time('9:15', bounds)).toEqual({ value: '09:15' });
    expect(time('9:14', bounds)).toEqual({ error: 'Pick a time at or after 09:15' });
    expect(time('3:31 pm', bounds)).toEqual({ error: 'Pick a time at or before 15:30' });
  });
});

describe('the picker calendar', () => {
  it('knows today in IST, which starts at 18:30 UTC', () => {
    expect(todayIst(Date.parse('2026-11-20T18:29:00Z'))).toBe('2026-11-20');
    expect(todayIst(Date.parse('2026-11-20T18:30:00Z'))).toBe('2026-11-21');
  });

  it('moves by days and months, keeping to the shorter month', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-03-31', -1)).toBe('2028-02-29');
    expect(addMonths('2026-11-20', 2)).toBe('2027-01-20');
    expect(addMonths('2026-01-20', -1)).toBe('2025-12-20');
  });

  it('lays a month out in weeks from Monday', () => {
    expect(weekdayOf('2026-11-01')).toBe(6);
    expect(weekdayOf('2026-11-02')).toBe(0);
    const weeks = monthWeeks('2026-11-20');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks[5]).toEqual(['2026-11-30', null, null, null, null, null, null]);
    expect(clampDay('2026-11-20', '2026-12-01')).toBe('2026-12-01');
    expect(clampDay('2026-11-20', undefined, '2026-11-05')).toBe('2026-11-05');
  });
});
