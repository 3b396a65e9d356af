import { describe, expect, it } from 'vitest';
import { filterFromParams, filterToParams } from './trade-filter-params';

describe('trade filter in the URL', () => {
  it('round-trips every field', () => {
    const filter = {
      from: '2026-11-01',
      to: '2026-11-20',
      segments: ['options', 'futures'] as const,
      symbol: 'NIFTY',
      playbookId: 'pb-1',
      tag: 'A+ setup',
      outcome: 'loss' as const,
      search: 'chased',
    };
    const params = filterToParams({ ...filter, segments: [...filter.segments] });
    expect(params.toString()).toBe(
      'from=2026-11-01&to=2026-11-20&segment=options%2Cfutures&symbol=NIFTY&playbook=pb-1&tag=A%2B+setup&outcome=loss&q=chased',
    );
    expect(filterFromParams(params)).toEqual({ ...filter, segments: ['options', 'futures'] });
  });
  it('ignores values that are not valid and keeps other parameters', () => {
    const params = new URLSearchParams('from=yesterday&segment=crypto,equity&outcome=maybe&import=1&symbol=%20');
    expect(filterFromParams(params)).toEqual({ segments: ['equity'] });
    expect(filterToParams({ outcome: 'win' }, params).toString()).toBe('import=1&outcome=win');
  });
  it('dates by exit day unless the URL says dates=entry', () => {
    expect(filterFromParams(new URLSearchParams('from=2026-11-01&to=2026-11-30'))).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    const byEntry = filterFromParams(new URLSearchParams('from=2026-11-01&dates=entry'));
    expect(byEntry).toEqual({ from: '2026-11-01', dateBy: 'entry' });
    expect(filterToParams(byEntry).toString()).toBe('from=2026-11-01&dates=entry');
    expect(filterToParams({ ...byEntry, dateBy: 'exit' }).toString()).toBe('from=2026-11-01');
    expect(filterFromParams(new URLSearchParams('dates=tomorrow'))).toEqual({});
  });
});
