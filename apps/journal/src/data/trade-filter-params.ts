// The trades list and analytics share one filter, carried in the URL's query string so that a filtered view can be
// bookmarked, shared, and opened on the other page with the same trades. `from` and `to` are exit days (the P&L
// day) unless `dates=entry` asks for entry days, which only the trades list offers.
import { OUTCOMES, type Outcome, type TradeFilter } from '@bahi/trading';
import { useSearchParams } from 'react-router-dom';

const SEGMENT_VALUES = ['equity', 'futures', 'options'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Reads a filter from query parameters; values that are not valid are ignored, never an error. */
export function filterFromParams(params: URLSearchParams): TradeFilter {
  const filter: TradeFilter = {};
  const from = params.get('from');
  const to = params.get('to');
  if (from && DATE.test(from)) filter.from = from;
  if (to && DATE.test(to)) filter.to = to;
  if (params.get('dates') === 'entry') filter.dateBy = 'entry';
  const segments = (params.get('segment') ?? '')
    .split(',')
    .filter((s): s is (typeof SEGMENT_VALUES)[number] => (SEGMENT_VALUES as readonly string[]).includes(s));
  if (segments.length) filter.segments = segments;
  for (const key of ['symbol', 'playbook', 'tag', 'q'] as const) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    if (key === 'playbook') filter.playbookId = value;
    else if (key === 'q') filter.search = value;
    else filter[key] = value;
  }
  const outcome = params.get('outcome');
  if (outcome && (OUTCOMES as readonly string[]).includes(outcome)) filter.outcome = outcome as Outcome;
  return filter;
}

/** Writes a filter into query parameters, keeping any other parameters (such as `import=1`). */
export function filterToParams(filter: TradeFilter, base = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of ['from', 'to', 'dates', 'segment', 'symbol', 'playbook', 'tag', 'outcome', 'q']) params.delete(key);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  // Exit days are the default: only the other choice is written.
  if (filter.dateBy === 'entry') params.set('dates', 'entry');
  if (filter.segments?.length) params.set('segment', filter.segments.join(','));
  if (filter.symbol) params.set('symbol', filter.symbol);
  if (filter.playbookId) params.set('playbook', filter.playbookId);
  if (filter.tag) params.set('tag', filter.tag);
  if (filter.outcome) params.set('outcome', filter.outcome);
  if (filter.search) params.set('q', filter.search);
  return params;
}

/** The page's filter and a setter that replaces it in the URL (without a new history entry per keystroke). */
export function useTradeFilter(): [TradeFilter, (next: TradeFilter) => void] {
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  return [filter, (next) => setParams((current) => filterToParams(next, current), { replace: true })];
}
