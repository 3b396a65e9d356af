import type { TaxHead, TaxYear } from '@bahi/trading';
import { Download, ReceiptIndianRupee } from 'lucide-react';
import * as React from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Field } from '../../../components/field';
import { LazySelect } from '../../../components/lazy-select';
import { Skeleton } from '../../../components/skeleton';
import { importTrades } from '../area-actions';
import { AreaPage } from '../area-page';
import { ExcludedTradesNotice } from '../excluded-trades-notice';
import { FmvNeeded } from './fmv-form';
import { formatLongDay, TAX_HEADS } from './format';
import { FundSales } from './fund-sales';
import { HeadCards } from './head-cards';
import { UndatedLots } from './lot-dates';
import { RulesSection } from './rules-section';
import { Schedule112A, ScheduleCgSummary } from './schedules';
import type { TaxScreenProps } from './types';

/** The trades behind a total, in a dialog: its code (Radix Dialog among it) loads when one is first opened. */
const DrillDown = React.lazy(() => import('./drill-down').then((m) => ({ default: m.DrillDown })));

// Tax P&L (/tax): a financial year's trades by head of income, every total traceable to its trades, the return's
// capital gains schedules, and the rules behind them as text. Information for a return, never advice.

const isHead = (value: string | undefined): value is TaxHead => TAX_HEADS.includes(value as TaxHead);

const hasTrades = (y: TaxYear) =>
  y.speculative.trades +
    y.nonSpeculative.trades +
    y.shortTerm.rows.length +
    y.longTerm.rows.length +
    y.undated.rows.length +
    y.funds.rows.length >
  0;

function YearToolbar({
  years,
  fy,
  onFyChange,
  onExportCsv,
  onExportXlsx,
}: Pick<TaxScreenProps, 'years' | 'fy' | 'onFyChange' | 'onExportCsv' | 'onExportXlsx'>) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      {years.length ? (
        <Field label="Year" className="w-full min-w-0 sm:w-64">
          {(control) => (
            <LazySelect
              {...control}
              value={fy ?? ''}
              onValueChange={(next) => onFyChange?.(next)}
              placeholder="Pick a year"
              options={years.map((y) => ({ value: y.fy, label: y.label }))}
            />
          )}
        </Field>
      ) : null}
      {onExportCsv ? (
        <Button variant="outline" onClick={onExportCsv}>
          <Download aria-hidden="true" /> Download CSV
        </Button>
      ) : null}
      {onExportXlsx ? (
        <Button variant="outline" onClick={onExportXlsx}>
          <Download aria-hidden="true" /> Download XLSX
        </Button>
      ) : null}
    </div>
  );
}

function YearView({
  year,
  sections,
  onOpen,
  onSaveFmv,
  undatedLots,
  onSaveLotDates,
}: {
  year: TaxYear;
  sections?: Record<string, string>;
  onOpen: (head: TaxHead, opener: HTMLElement) => void;
} & Pick<TaxScreenProps, 'onSaveFmv' | 'undatedLots' | 'onSaveLotDates'>) {
  const gains = year.shortTerm.rows.length + year.longTerm.rows.length > 0;
  return (
    <section aria-labelledby="tax-year" className="grid min-w-0 gap-6" data-slot="tax-year" data-fy={year.fy}>
      <div className="grid gap-1">
        <h2 id="tax-year" className="font-semibold text-xl">
          {year.label}
        </h2>
        <p className="text-muted-foreground text-sm">
          {formatLongDay(year.from)} – {formatLongDay(year.to)} · {year.act}
        </p>
      </div>
      <UndatedLots year={year} lots={undatedLots} sections={sections} onSave={onSaveLotDates} />
      <FmvNeeded shares={year.needsFmv} sections={sections} onSave={onSaveFmv} />
      {hasTrades(year) ? (
        <HeadCards year={year} sections={sections} onOpen={onOpen} />
      ) : (
        <EmptyState
          headingLevel="h3"
          icon={<ReceiptIndianRupee />}
          title={`No taxable trades in ${year.label}`}
          description={`No trade was closed between ${formatLongDay(year.from)} and ${formatLongDay(year.to)}. A trade counts in the year it is closed: pick another year above.`}
        />
      )}
      <FundSales year={year} sections={sections} />
      {gains ? (
        <>
          <ScheduleCgSummary year={year} sections={sections} />
          <Schedule112A year={year} sections={sections} />
        </>
      ) : null}
    </section>
  );
}

export function TaxScreen({
  status,
  years,
  fy,
  onFyChange,
  year,
  rules,
  trades,
  onExportCsv,
  onExportXlsx,
  onSaveFmv,
  undatedLots,
  onSaveLotDates,
  defaultOpen,
  notice,
  ...cb
}: TaxScreenProps) {
  // The open drill-down belongs to the year it was opened in: picking another year closes it.
  const [open, setOpen] = React.useState<{ fy?: string; head: TaxHead } | null>(
    isHead(defaultOpen) ? { fy: year?.fy, head: defaultOpen } : null,
  );
  const openHead = open && year && open.fy === year.fy ? open.head : null;
  // The drill-down has no Radix trigger, so focus goes back by hand to the button that opened it (or, for one open
  // from the start, to its card's button).
  const opener = React.useRef<HTMLElement | null>(null);
  // Radix calls this after the close has re-rendered with no head open, so the last head comes from a ref.
  const lastHead = React.useRef<TaxHead | null>(null);
  React.useEffect(() => {
    if (openHead) lastHead.current = openHead;
  }, [openHead]);
  const returnFocus = (event: Event) => {
    event.preventDefault();
    const head = lastHead.current;
    const target =
      opener.current?.isConnected === true
        ? opener.current
        : document.querySelector<HTMLElement>(`[data-slot="tax-head"][data-head="${head}"] button`);
    target?.focus();
  };
  const sections = rules?.act.sections;
  return (
    <>
      <AreaPage
        title="Tax P&L"
        description="Your closed trades by head of income for a financial year, every total traced to its trades, for your return or your tax preparer."
        status={status}
        skeleton="cards"
        actions={
          status === 'ready' ? (
            <YearToolbar
              years={years}
              fy={fy ?? year?.fy}
              onFyChange={onFyChange}
              onExportCsv={onExportCsv}
              onExportXlsx={onExportXlsx}
            />
          ) : null
        }
        empty={{
          icon: <ReceiptIndianRupee />,
          title: 'No closed trades yet',
          description:
            "Import a tradebook from your broker, or your tax P&L statement, and each year's figures by head of income appear here.",
          action: importTrades,
        }}
        notice={
          <>
            {rules ? (
              <Alert variant="info" title="Not tax advice" data-slot="tax-disclaimer">
                {rules.disclaimer}
              </Alert>
            ) : null}
            {notice}
            {year ? <ExcludedTradesNotice count={year.missingCost.length} href="/trades" /> : null}
          </>
        }
        {...cb}
      >
        {year ? (
          <YearView
            year={year}
            sections={sections}
            onOpen={(head, button) => {
              opener.current = button;
              setOpen({ fy: year.fy, head });
            }}
            onSaveFmv={onSaveFmv}
            undatedLots={undatedLots}
            onSaveLotDates={onSaveLotDates}
          />
        ) : (
          <div aria-busy="true" className="grid gap-4 sm:grid-cols-2">
            <p role="status" className="sr-only">
              Loading the year's figures…
            </p>
            {['a', 'b', 'c', 'd'].map((k) => (
              <Skeleton key={k} className="h-56 rounded-xl" />
            ))}
          </div>
        )}
        {rules ? <RulesSection rules={rules} /> : null}
      </AreaPage>
      {year && (openHead || lastHead.current) ? (
        <React.Suspense fallback={null}>
          <DrillDown
            head={openHead}
            year={year}
            trades={trades}
            onClose={() => setOpen(null)}
            onCloseAutoFocus={returnFocus}
          />
        </React.Suspense>
      ) : null}
    </>
  );
}
