import type { Schedule112ARow, TaxYear } from '@bahi/trading';
import { formatINR, formatQuantity } from '@bahi/trading';
import { Badge } from '../../../components/badge';
import { Money } from '../../../components/money';
import { ScrollRegion } from '../../../components/scroll-region';
import {
  DataTable,
  type DataTableColumn,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/table';
import { cn } from '../../../lib/utils';
import { sectionRef } from './format';
import { rateText, withSales } from './head-cards';

// What the return's capital gains schedules ask for: Schedule CG's lines under the special-rate sections and
// Schedule 112A's row per share.

const shareKey = (s: { isin: string | null; symbol: string }) => s.isin ?? s.symbol;

// Where the frame is narrower than the form's ten columns (a laptop's 976 px, a phone), the ISIN and the acquisition
// period fold under the name and the actual cost and 31 Jan 2018 value under the cost: every figure stays in view.
const WIDE_ONLY = 'hidden @6xl:table-cell';
const NARROW_ONLY = 'block whitespace-normal text-muted-foreground text-xs @6xl:hidden';

function Acquired({ row }: { row: Schedule112ARow }) {
  return (
    <abbr
      title={row.acquired === 'BE' ? 'Before 1 February 2018' : 'On or after 1 February 2018'}
      className="no-underline"
    >
      {row.acquired}
    </abbr>
  );
}

function Fmv({ row, needed }: { row: Schedule112ARow; needed: boolean }) {
  if (needed) return <Badge variant="warning">Needed</Badge>;
  if (row.fmv === null) {
    return (
      <span className="text-muted-foreground">
        —<span className="sr-only">not applicable</span>
      </span>
    );
  }
  return <Money value={row.fmv} />;
}

/** Schedule 112A's columns; `needsFmv` holds the shares whose 31 Jan 2018 value is still to be given. */
const schedule112AColumns = (needsFmv: ReadonlySet<string>): DataTableColumn<Schedule112ARow>[] => {
  const needed = (r: Schedule112ARow) => r.acquired === 'BE' && needsFmv.has(shareKey(r));
  return [
    {
      id: 'isin',
      header: 'ISIN',
      sortValue: (r) => r.isin ?? '',
      cell: (r) => r.isin ?? 'Not known',
      className: WIDE_ONLY,
    },
    {
      id: 'name',
      header: 'Name',
      // The first column shown where the ISIN folds away: pinned, so a scrolled row still says which share it is.
      className: 'sticky left-0 z-[1] bg-background',
      sortValue: (r) => r.symbol,
      cell: (r) => (
        <>
          <span className="font-medium">{r.symbol}</span>
          <span className={NARROW_ONLY}>
            {r.isin ?? 'ISIN not known'} · <Acquired row={r} />
          </span>
        </>
      ),
    },
    {
      id: 'acquired',
      header: 'Acquired',
      sortValue: (r) => r.acquired,
      cell: (r) => <Acquired row={r} />,
      className: WIDE_ONLY,
    },
    {
      id: 'quantity',
      header: 'Shares',
      align: 'right',
      sortValue: (r) => r.quantity,
      cell: (r) => formatQuantity(r.quantity),
    },
    {
      id: 'sale',
      header: 'Sale value',
      align: 'right',
      sortValue: (r) => r.saleValue,
      cell: (r) => <Money value={r.saleValue} />,
    },
    {
      id: 'coa',
      header: 'Cost without indexation',
      align: 'right',
      sortValue: (r) => r.costOfAcquisition,
      cell: (r) => (
        <>
          <Money value={r.costOfAcquisition} />
          <span className={NARROW_ONLY}>
            actual <Money value={r.actualCost} />
            {r.acquired === 'BE' ? (
              <>
                {' '}
                · FMV <Fmv row={r} needed={needed(r)} />
              </>
            ) : null}
          </span>
        </>
      ),
    },
    {
      id: 'actual',
      header: 'Actual cost',
      align: 'right',
      sortValue: (r) => r.actualCost,
      cell: (r) => <Money value={r.actualCost} />,
      className: WIDE_ONLY,
    },
    {
      id: 'fmv',
      header: 'FMV 31 Jan 2018',
      align: 'right',
      sortValue: (r) => (needed(r) ? -1 : (r.fmv ?? -2)),
      cell: (r) => <Fmv row={r} needed={needed(r)} />,
      className: WIDE_ONLY,
    },
    {
      id: 'transfer',
      header: 'Transfer expenses',
      align: 'right',
      sortValue: (r) => r.transferExpenses,
      cell: (r) => <Money value={r.transferExpenses} />,
    },
    {
      id: 'gain',
      header: 'Gain',
      align: 'right',
      sortValue: (r) => r.gain,
      cell: (r) => <Money value={r.gain} signed />,
    },
  ];
};

/** Schedule 112A under the 1961 Act; the 2025 Act's section named plainly otherwise. */
function schedule112AName(sections?: Record<string, string>): string {
  const longTerm = sections?.longTerm;
  return !longTerm || /\b112A\b/.test(longTerm) ? 'Schedule 112A' : `Long-term sales under ${longTerm}`;
}

export function Schedule112A({ year, sections }: { year: TaxYear; sections?: Record<string, string> }) {
  const name = schedule112AName(sections);
  return (
    <section aria-labelledby="tax-schedule-112a" className="grid min-w-0 gap-3">
      <div className="grid gap-1">
        <h3 id="tax-schedule-112a" className="font-semibold text-lg">
          {name}
        </h3>
        <p className="text-muted-foreground text-sm">
          Long-term sales of listed shares, one row per share and acquisition period: BE for shares acquired before 1
          February 2018, AE for the rest. The cost without indexation is the higher of the actual cost and the 31
          January 2018 value capped at the sale value
          {sectionRef(sections, 'grandfathering') ? ` (${sectionRef(sections, 'grandfathering')})` : ''}.
        </p>
      </div>
      <ScrollRegion label={`${name} table`} className="@container">
        <DataTable
          caption={`${name}, ${year.label}`}
          captionHidden
          columns={schedule112AColumns(new Set(year.needsFmv.map(shareKey)))}
          rows={year.schedule112A}
          rowKey={(r) => `${r.isin ?? r.symbol}:${r.acquired}`}
          empty="No long-term sales of listed shares this year."
        />
      </ScrollRegion>
    </section>
  );
}

interface SummaryLine {
  key: string;
  label: string;
  amount: number;
  signed?: boolean;
  total?: boolean;
  sub?: boolean;
}

export function ScheduleCgSummary({ year, sections }: { year: TaxYear; sections?: Record<string, string> }) {
  const { shortTerm, longTerm } = year;
  const st = sectionRef(sections, 'shortTerm');
  const lt = sectionRef(sections, 'longTerm');
  const under = (s: string | null) => (s ? ` under ${s}` : '');
  const lines: SummaryLine[] = [
    ...withSales(shortTerm.byRate).map((p, _, periods) => ({
      key: `st-${p.from}`,
      label: `Short-term gains${under(st)} at ${rateText(p, periods, year)}`,
      amount: p.gain,
      signed: true,
      sub: true,
    })),
    { key: 'st', label: `Short-term capital gains${under(st)}`, amount: shortTerm.total, signed: true, total: true },
    ...withSales(longTerm.byRate).map((p, _, periods) => ({
      key: `lt-${p.from}`,
      label: `Long-term gains${under(lt)} at ${rateText(p, periods, year)}`,
      amount: p.gain,
      signed: true,
      sub: true,
    })),
    { key: 'lt', label: `Long-term capital gains${under(lt)}`, amount: longTerm.total, signed: true, total: true },
    {
      key: 'exemption',
      label: `Less the exemption${under(lt)} (up to ${formatINR(longTerm.exemption, { paise: 'never' })})`,
      amount: longTerm.exemptionUsed,
    },
    ...withSales(longTerm.taxableByRate).map((p, _, periods) => ({
      key: `taxable-${p.from}`,
      label: `Long-term gains taxable at ${rateText(p, periods, year)}`,
      amount: p.gain,
      sub: true,
    })),
  ];
  return (
    <section aria-labelledby="tax-schedule-cg" className="grid min-w-0 gap-3">
      <h3 id="tax-schedule-cg" className="font-semibold text-lg">
        Schedule CG summary
      </h3>
      <ScrollRegion label="Schedule CG summary table">
        <Table>
          <TableCaption className="sr-only">Schedule CG summary, {year.label}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Line</TableHead>
              <TableHead scope="col" className="text-right">
                Amount
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {lines.map((line) => (
              <TableRow key={line.key} className={cn(line.total && 'bg-muted/40 font-semibold')}>
                <TableHead
                  scope="row"
                  className={cn(
                    'h-auto whitespace-normal py-2.5 font-normal text-foreground',
                    line.total && 'font-semibold',
                    line.sub && 'pl-6 text-muted-foreground',
                  )}
                >
                  {line.label}
                </TableHead>
                <TableCell className="text-right">
                  <Money value={line.amount} signed={line.signed} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
    </section>
  );
}
