// spec shell §9 "Relative time labels": over 365 days 1年前; over 30 days N个月前; over 15 days
// 半个月前; over 7 days 一周前; over 1 day N天前; otherwise 今天.
import { describe, expect, it } from 'vitest';
import { relativeTime, toEpochMs } from '../../src/lib/relative-time';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const ago = (days: number, extraMs = 0) => NOW - days * DAY - extraMs;
const zh = (days: number, extraMs = 0) => relativeTime(ago(days, extraMs), NOW, 'zh');
const en = (days: number, extraMs = 0) => relativeTime(ago(days, extraMs), NOW, 'en');

describe('relativeTime boundaries (zh)', () => {
  it('365 days is not over a year; 365 days + 1 ms and 366 days read 1年前', () => {
    expect(zh(365)).toBe('12个月前');
    expect(zh(365, 1)).toBe('1年前');
    expect(zh(366)).toBe('1年前');
    expect(zh(3 * 365)).toBe('1年前');
  });

  it('30 days reads 半个月前; 31 days reads 1个月前; N is floor(days / 30)', () => {
    expect(zh(30)).toBe('半个月前');
    expect(zh(30, 1)).toBe('1个月前');
    expect(zh(31)).toBe('1个月前');
    expect(zh(59)).toBe('1个月前');
    expect(zh(60)).toBe('2个月前');
    expect(zh(364)).toBe('12个月前');
  });

  it('15 days reads 一周前; 16 days reads 半个月前', () => {
    expect(zh(15)).toBe('一周前');
    expect(zh(15, 1)).toBe('半个月前');
    expect(zh(16)).toBe('半个月前');
  });

  it('7 days reads 7天前; 8 days reads 一周前', () => {
    expect(zh(7)).toBe('7天前');
    expect(zh(7, 1)).toBe('一周前');
    expect(zh(8)).toBe('一周前');
  });

  it('1 day reads 今天; 2 days reads 2天前; N is whole days rounded down', () => {
    expect(zh(1)).toBe('今天');
    expect(zh(1, 1)).toBe('1天前');
    expect(zh(1.5)).toBe('1天前');
    expect(zh(2)).toBe('2天前');
    expect(zh(6.9)).toBe('6天前');
  });

  it('reads 今天 for now, earlier today and a time in the future', () => {
    expect(zh(0)).toBe('今天');
    expect(zh(0, 5 * 60 * 60 * 1000)).toBe('今天');
    expect(relativeTime(NOW + DAY, NOW, 'zh')).toBe('今天');
  });
});

describe('relativeTime in English', () => {
  it('has a label for every rule, singular for one', () => {
    expect(en(366)).toBe('1 year ago');
    expect(en(31)).toBe('1 month ago');
    expect(en(90)).toBe('3 months ago');
    expect(en(16)).toBe('half a month ago');
    expect(en(8)).toBe('a week ago');
    expect(en(1.5)).toBe('1 day ago');
    expect(en(3)).toBe('3 days ago');
    expect(en(0)).toBe('today');
  });

  it('uses Chinese for any other language', () => {
    expect(relativeTime(ago(3), NOW, 'fr')).toBe('3天前');
  });
});

describe('time inputs', () => {
  it('accepts milliseconds, digit strings, ISO strings, "date time" strings and Dates, for time and now', () => {
    const then = ago(3);
    expect(relativeTime(then, NOW, 'zh')).toBe('3天前');
    expect(relativeTime(String(then), NOW, 'zh')).toBe('3天前');
    expect(relativeTime(new Date(then).toISOString(), new Date(NOW), 'zh')).toBe('3天前');
    expect(relativeTime(new Date(then), new Date(NOW).toISOString(), 'zh')).toBe('3天前');
    expect(toEpochMs('2026-01-02 10:00:00')).toBe(new Date(2026, 0, 2, 10, 0, 0).getTime());
  });

  it('gives an empty label for an unreadable time', () => {
    for (const bad of [null, undefined, '', 'not a date', Number.NaN, new Date('x')]) {
      expect(relativeTime(bad as never, NOW, 'zh')).toBe('');
    }
    expect(relativeTime(ago(3), 'nonsense', 'zh')).toBe('');
  });
});
