import { describe, expect, it } from 'vitest';
import { niceStep, niceTicks } from './nice-ticks';

describe('niceStep', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(1)).toBe(1);
    expect(niceStep(1.2)).toBe(2);
    expect(niceStep(3)).toBe(5);
    expect(niceStep(7)).toBe(10);
    expect(niceStep(2500)).toBe(5000);
    expect(niceStep(0.03)).toBe(0.05);
  });

  it('keeps an exact nice value despite float error', () => {
    expect(niceStep(0.3 / 0.1 - 1)).toBe(2); // 1.9999999999999996
    expect(niceStep(0.5)).toBe(0.5);
  });
});

describe('niceTicks', () => {
  it('covers the range with nice steps, ends outside the data', () => {
    // Range 2,54,200 to 2,81,950 is 27,750; a quarter is 6,937.5, so the step is 10,000.
    expect(niceTicks(254_200, 281_950)).toEqual([250_000, 260_000, 270_000, 280_000, 290_000]);
  });

  it('puts zero on the axis when values cross it', () => {
    // −4,500 to 7,200: 11,700 / 4 = 2,925, step 5,000.
    expect(niceTicks(-4_500, 7_200)).toEqual([-5_000, 0, 5_000, 10_000]);
  });

  it('prints decimal steps without float noise', () => {
    expect(niceTicks(0.1, 0.7, 4)).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
  });

  it('keeps whole steps for counts', () => {
    expect(niceTicks(0, 3, 5, { integer: true })).toEqual([0, 1, 2, 3]);
    // 1 / 4 = 0.25 rounds up to a step of 0.5.
    expect(niceTicks(0, 1, 5)).toEqual([0, 0.5, 1]);
  });

  it('gives a single value room', () => {
    expect(niceTicks(0, 0)).toEqual([0, 0.5, 1]);
    expect(niceTicks(1000, 1000)).toEqual([900, 950, 1000, 1050, 1100]);
  });

  it('gives no ticks without data', () => {
    expect(niceTicks(Math.min(), Math.max())).toEqual([]);
  });
});
