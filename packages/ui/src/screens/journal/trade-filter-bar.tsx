import { type DateBasis, isEmptyFilter, OUTCOMES, type Outcome, type TradeFilter } from '@bahi/trading';
import { SlidersHorizontal, X } from 'lucide-react';
import * as React from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../components/badge';
import { Button, buttonVariants } from '../../components/button';
import { DateInput } from '../../components/date-input';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { LazySelect } from '../../components/lazy-select';
import { cn } from '../../lib/utils';

export interface FilterOption {
  value: string;
  label: string;
}

export interface TradeFilterBarProps {
  /** The filter in force. */
  filter: TradeFilter;
  /** Called with the filter the trader sets. */
  onFilterChange: (filter: TradeFilter) => void;
  /** Playbooks by id and name; 'No playbook' is offered too. */
  playbooks: FilterOption[];
  /** The trader's tags to filter by. */
  tags: string[];
  /** The other page with the same query string: analytics from the trades list, the list from analytics. */
  link?: { href: string; label: string; icon: React.ReactNode };
  /** Analytics studies closed trades only, so it leaves out the 'Open' outcome. */
  includeOpen?: boolean;
}

const ALL = 'all';
const SEGMENTS: FilterOption[] = [
  { value: 'equity', label: 'Equity' },
  { value: 'futures', label: 'Futures' },
  { value: 'options', label: 'Options' },
];
const OUTCOME_LABELS: Record<Outcome, string> = { win: 'Wins', loss: 'Losses', breakeven: 'Break-even', open: 'Open' };
/** The dates read the day a trade was closed (its P&L day) unless the trader picks the entry day. */
const DATE_BASIS_LABELS: Record<DateBasis, string> = { exit: 'Exit day (P&L day)', entry: 'Entry day' };

function SelectFilter({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | undefined;
  options: FilterOption[];
  onChange: (value: string | undefined) => void;
}) {
  return (
    <Field label={label}>
      {(control) => (
        <LazySelect
          {...control}
          size="sm"
          value={value ?? ALL}
          onValueChange={(v) => onChange(v === ALL ? undefined : v)}
          options={[{ value: ALL, label: 'All' }, ...options]}
        />
      )}
    </Field>
  );
}

/**
 * The filters the trades list and analytics share (the same URL parameters on both pages). From and To are IST exit
 * days, the day each trade's P&L belongs to, unless "Dates by" says entry day; an open trade goes by its entry day.
 */
export function TradeFilterBar({
  filter,
  onFilterChange,
  playbooks,
  tags,
  link,
  includeOpen = true,
}: TradeFilterBarProps) {
  const set = (patch: Partial<TradeFilter>) => onFilterChange({ ...filter, ...patch });
  const [open, setOpen] = React.useState(false);
  const panelId = React.useId();
  const active = activeFilters(filter);
  return (
    <section aria-label="Filters" data-slot="trade-filter-bar" className="@container rounded-xl border bg-card p-4">
      <div className="grid gap-3 @lg:grid-cols-2 @3xl:grid-cols-4">
        <div className="flex items-end gap-2 @lg:col-span-2 @3xl:col-span-4">
          <Field label="Search" className="min-w-0 flex-1">
            <Input
              type="search"
              size="sm"
              placeholder="Symbol, underlying or notes"
              autoComplete="off"
              value={filter.search ?? ''}
              onChange={(e) => set({ search: e.target.value || undefined })}
            />
          </Field>
          {/* Where the bar is narrow (a phone), the other filters wait behind this button, so trades come first. */}
          <Button
            variant="outline"
            size="sm"
            className="@3xl:hidden"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen(!open)}
          >
            <SlidersHorizontal aria-hidden="true" /> Filters
            {active > 0 ? (
              <Badge variant="secondary" className="ml-0.5">
                {active}
                <span className="sr-only"> in force</span>
              </Badge>
            ) : null}
          </Button>
        </div>
        <div id={panelId} data-slot="trade-filter-fields" className={cn(open ? 'contents' : 'hidden', '@3xl:contents')}>
          <Field label="From (IST)">
            <DateInput size="sm" value={filter.from ?? ''} onValueChange={(v) => set({ from: v || undefined })} />
          </Field>
          <Field label="To (IST)">
            <DateInput size="sm" value={filter.to ?? ''} onValueChange={(v) => set({ to: v || undefined })} />
          </Field>
          <Field label="Dates by">
            {(control) => (
              <LazySelect
                {...control}
                size="sm"
                value={filter.dateBy ?? 'exit'}
                onValueChange={(v) => set({ dateBy: v === 'entry' ? 'entry' : undefined })}
                options={(Object.keys(DATE_BASIS_LABELS) as DateBasis[]).map((basis) => ({
                  value: basis,
                  label: DATE_BASIS_LABELS[basis],
                }))}
              />
            )}
          </Field>
          <SelectFilter
            label="Segment"
            value={filter.segments?.length === 1 ? filter.segments[0] : undefined}
            options={SEGMENTS}
            onChange={(v) => set({ segments: v ? [v as 'equity' | 'futures' | 'options'] : undefined })}
          />
          <Field label="Symbol or underlying">
            <Input
              size="sm"
              placeholder="e.g. NIFTY"
              autoComplete="off"
              value={filter.symbol ?? ''}
              onChange={(e) => set({ symbol: e.target.value || undefined })}
            />
          </Field>
          <SelectFilter
            label="Playbook"
            value={filter.playbookId}
            options={[...playbooks, { value: 'none', label: 'No playbook' }]}
            onChange={(v) => set({ playbookId: v })}
          />
          <SelectFilter
            label="Tag"
            value={filter.tag}
            options={tags.map((t) => ({ value: t, label: t }))}
            onChange={(v) => set({ tag: v })}
          />
          <SelectFilter
            label="Outcome"
            value={filter.outcome}
            options={OUTCOMES.filter((o) => includeOpen || o !== 'open').map((o) => ({
              value: o,
              label: OUTCOME_LABELS[o],
            }))}
            onChange={(v) => set({ outcome: v as Outcome | undefined })}
          />
          <div className="flex flex-wrap items-end gap-2">
            {link ? (
              <Link to={link.href} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                {link.icon} {link.label}
              </Link>
            ) : null}
            {isEmptyFilter(filter) ? null : (
              <Button variant="ghost" size="sm" onClick={() => onFilterChange({})}>
                <X aria-hidden="true" /> Clear filters
              </Button>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

/** Filters in force besides the search, which stays in view: the count on the Filters button. */
function activeFilters(filter: TradeFilter): number {
  return (Object.keys(filter) as (keyof TradeFilter)[]).filter(
    (key) => key !== 'search' && key !== 'dateBy' && !isEmptyFilter({ [key]: filter[key] }),
  ).length;
}
