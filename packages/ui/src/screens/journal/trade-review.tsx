import { formatCount, formatQuantity } from '@bahi/trading';
import { ArrowLeft, ChevronLeft, ChevronRight, FileQuestion, ImageOff, Pencil } from 'lucide-react';
import * as React from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Button, buttonVariants } from '../../components/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { Field } from '../../components/field';
import { LoadError } from '../../components/load-error';
import { Money } from '../../components/money';
import { ScrollRegion } from '../../components/scroll-region';
import { Skeleton } from '../../components/skeleton';
import { Stat, statsCompactOnPhone } from '../../components/stat';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '../../components/table';
import { Textarea } from '../../components/textarea';
import { formatDateTime, formatDuration } from '../../lib/dates';
import { cn } from '../../lib/utils';
import type { ChargeLine } from './dashboard';
import { rMultipleText } from './stat-format';
import { formatTradePrice, StatusBadge } from './trade-columns';

/** One fill of the trade, as the broker reported it (or as typed). */
export interface TradeReviewFill {
  id: string;
  side: 'buy' | 'sell';
  /** A broker's fill, a lot held before the imported history, or free shares of a bonus. */
  kind: 'fill' | 'opening' | 'bonus';
  /** The units of the fill in this trade. */
  quantity: number;
  /** The fill's whole quantity, when part of it belongs to another trade. */
  ofQuantity?: number;
  price: number;
  /** ISO instant; shown in IST. */
  executedAt: string;
  /** An opening lot whose buy date is not known: `executedAt` only orders it. */
  dateUnknown: boolean;
  brokerTradeId: string | null;
  brokerOrderId: string | null;
}

/** A rule of the trade's playbook and whether the trade kept it; null when it was never checked. */
export interface TradeReviewRule {
  id: string;
  text: string;
  followed: boolean | null;
}

export interface TradeReviewScreenshot {
  id: string;
  src: string;
  caption: string;
}

/** A trade with everything a review looks at. */
export interface TradeReview {
  id: string;
  symbol: string;
  exchange: string;
  segment: 'equity' | 'futures' | 'options';
  product: 'intraday' | 'delivery' | 'carry_forward';
  side: 'long' | 'short';
  quantity: number;
  status: 'open' | 'closed' | 'missing_cost';
  /** ISO instants; shown in IST. */
  entryTime: string;
  exitTime: string | null;
  entryPrice: number | null;
  exitPrice: number | null;
  stopLoss: number | null;
  target: number | null;
  /** Before charges; null while open or while the cost basis is missing. */
  grossPnl: number | null;
  charges: number;
  /** What the charges were made of; they add up to `charges`. */
  chargeLines: ChargeLine[];
  chargesSource: 'broker' | 'estimated';
  /** After charges; null while open or while the cost basis is missing. */
  netPnl: number | null;
  /** The result in multiples of the risk to the stop loss; null without a stop or while open. */
  rMultiple: number | null;
  playbook: { name: string; rules: TradeReviewRule[] } | null;
  tags: string[];
  emotionsBefore: string[];
  emotionsAfter: string[];
  mistakes: string[];
  /** 1 to 5. */
  rating: number | null;
  notes: string | null;
  fills: TradeReviewFill[];
  screenshots: TradeReviewScreenshot[];
}

/** A neighbouring trade in the list the review was opened from. */
export interface TradeReviewNeighbour {
  href: string;
  /** "INFY, 18 Nov 2026, 10:15". */
  label: string;
}

export interface TradeReviewScreenProps {
  status: 'loading' | 'error' | 'not-found' | 'ready';
  trade?: TradeReview;
  /** The list the review was opened from, with its filters. */
  backHref?: string;
  /** The trade entered before this one in that list, and the one after. */
  previous?: TradeReviewNeighbour;
  next?: TradeReviewNeighbour;
  /** Where Edit goes. */
  editHref?: string;
  errorDetail?: string;
  onRetry?: () => void;
  /** Saves the notes in place; rejects with a message the trader can act on. Absent: notes are read only. */
  onSaveNotes?: (notes: string) => Promise<void>;
}

const SEGMENT = { equity: 'Equity', futures: 'Futures', options: 'Options' } as const;
const PRODUCT = { intraday: 'Intraday', delivery: 'Delivery', carry_forward: 'Carry forward' } as const;
const FILL_KIND: Partial<Record<TradeReviewFill['kind'], string>> = { opening: 'Opening lot', bonus: 'Bonus shares' };

/** Previous and next by the arrow keys, unless the trader is typing or a dialog has the keys. */
function useArrowKeys(previous?: TradeReviewNeighbour, next?: TradeReviewNeighbour) {
  const navigate = useNavigate();
  React.useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="listbox"]'))
        return;
      const to = e.key === 'ArrowLeft' ? previous : e.key === 'ArrowRight' ? next : undefined;
      if (!to) return;
      e.preventDefault();
      navigate(to.href);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate, previous, next]);
}

function Neighbours({ previous, next }: { previous?: TradeReviewNeighbour; next?: TradeReviewNeighbour }) {
  const link = (to: TradeReviewNeighbour | undefined, which: 'Previous' | 'Next') => {
    const Icon = which === 'Previous' ? ChevronLeft : ChevronRight;
    const key = which === 'Previous' ? 'ArrowLeft' : 'ArrowRight';
    const text = `${which} trade`;
    if (!to) {
      return (
        <span aria-disabled="true" className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'opacity-50')}>
          {which === 'Previous' ? <Icon aria-hidden="true" /> : null}
          {text}
          {which === 'Next' ? <Icon aria-hidden="true" /> : null}
        </span>
      );
    }
    return (
      <Link
        to={to.href}
        aria-keyshortcuts={key}
        title={`${to.label} (${which === 'Previous' ? '←' : '→'})`}
        aria-label={`${text}: ${to.label}`}
        className={buttonVariants({ variant: 'outline', size: 'sm' })}
      >
        {which === 'Previous' ? <Icon aria-hidden="true" /> : null}
        {text}
        {which === 'Next' ? <Icon aria-hidden="true" /> : null}
      </Link>
    );
  };
  return (
    <span className="flex gap-2">
      {link(previous, 'Previous')}
      {link(next, 'Next')}
    </span>
  );
}

function pnl(value: number | null, trade: TradeReview) {
  if (value !== null) return <Money value={value} signed />;
  return <span className="text-muted-foreground">{trade.status === 'open' ? 'Open' : 'No cost basis'}</span>;
}

function holding(trade: TradeReview): { value: string; hint: string } {
  const entered = formatDateTime(trade.entryTime);
  if (!trade.exitTime) return { value: 'Open', hint: `Since ${entered}` };
  return {
    value: formatDuration(Date.parse(trade.exitTime) - Date.parse(trade.entryTime)),
    hint: `${entered} to ${formatDateTime(trade.exitTime)}`,
  };
}

function Figures({ trade }: { trade: TradeReview }) {
  const held = holding(trade);
  const r =
    trade.rMultiple !== null
      ? { value: rMultipleText(trade.rMultiple), hint: `Stop loss ₹${formatTradePrice(trade.stopLoss ?? 0)}` }
      : {
          value: '—',
          hint:
            trade.stopLoss === null
              ? 'No stop loss was set'
              : trade.status === 'closed'
                ? 'The stop is not on the losing side of entry'
                : 'When closed',
        };
  return (
    <section
      aria-label="Result"
      className={cn('grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-5', statsCompactOnPhone)}
    >
      <Stat
        label="Net P&L"
        value={pnl(trade.netPnl, trade)}
        hint="After charges"
        className="col-span-2 sm:col-span-1"
      />
      <Stat label="Gross P&L" value={pnl(trade.grossPnl, trade)} hint="Before charges" />
      <Stat
        label="Charges"
        value={<Money value={trade.charges} />}
        hint={trade.chargesSource === 'broker' ? 'From the contract note' : 'Estimated'}
      />
      <Stat label="R-multiple" value={r.value} hint={r.hint} />
      <Stat label="Holding time" value={held.value} hint={held.hint} />
    </section>
  );
}

function EntryAndExit({ trade }: { trade: TradeReview }) {
  const rows: Array<[string, React.ReactNode]> = [
    [
      'Entry',
      trade.entryPrice === null ? 'Bought before your imported history' : `₹${formatTradePrice(trade.entryPrice)}`,
    ],
    ['Entered (IST)', formatDateTime(trade.entryTime)],
    ['Exit', trade.exitPrice === null ? 'Still open' : `₹${formatTradePrice(trade.exitPrice)}`],
    ['Exited (IST)', trade.exitTime ? formatDateTime(trade.exitTime) : '—'],
    ['Stop loss', trade.stopLoss === null ? 'Not set' : `₹${formatTradePrice(trade.stopLoss)}`],
    ['Target', trade.target === null ? 'Not set' : `₹${formatTradePrice(trade.target)}`],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-0.5">
          <dt className="text-muted-foreground text-sm">{label}</dt>
          <dd className="font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Fills({ fills }: { fills: TradeReviewFill[] }) {
  if (fills.length === 0) {
    return <p className="text-muted-foreground text-sm">Typed by hand: the entry and exit above are its fills.</p>;
  }
  return (
    <ScrollRegion label="Fills" pinFirstColumn="card">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Time (IST)</TableHead>
            <TableHead>Side</TableHead>
            <TableHead className="text-right">Qty</TableHead>
            <TableHead className="text-right">Price</TableHead>
            <TableHead className="text-right">Value</TableHead>
            <TableHead>Trade / order id</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {fills.map((f) => (
            <TableRow key={f.id}>
              <TableCell>{f.dateUnknown ? 'Date not known' : formatDateTime(f.executedAt)}</TableCell>
              <TableCell>{FILL_KIND[f.kind] ?? (f.side === 'buy' ? 'Buy' : 'Sell')}</TableCell>
              <TableCell className="text-right tabular-nums">
                {formatQuantity(f.quantity)}
                {f.ofQuantity !== undefined ? (
                  <span className="block text-muted-foreground text-xs">of {formatQuantity(f.ofQuantity)}</span>
                ) : null}
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatTradePrice(f.price)}</TableCell>
              <TableCell className="text-right">
                <Money value={Math.round(f.quantity * f.price * 100) / 100} />
              </TableCell>
              <TableCell className="text-muted-foreground text-xs">
                {[f.brokerTradeId, f.brokerOrderId].filter(Boolean).join(' / ') || '—'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}

function Charges({ trade }: { trade: TradeReview }) {
  return (
    <Table aria-label="Charges" scroll={false}>
      <TableBody>
        {trade.chargeLines.map((line) => (
          <TableRow key={line.label}>
            <TableCell>{line.label}</TableCell>
            <TableCell className="text-right">
              <Money value={line.amount} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell>Total</TableCell>
          <TableCell className="text-right">
            <Money value={trade.charges} />
          </TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
}

function Checklist({ playbook }: { playbook: NonNullable<TradeReview['playbook']> }) {
  const checked = playbook.rules.filter((r) => r.followed !== null);
  const kept = checked.filter((r) => r.followed).length;
  return (
    <div className="grid gap-3">
      <p className="font-medium">{playbook.name}</p>
      {playbook.rules.length === 0 ? (
        <p className="text-muted-foreground text-sm">This playbook has no checklist.</p>
      ) : (
        <>
          <p className="text-muted-foreground text-sm">
            {checked.length === 0
              ? 'The checklist was not ticked for this trade.'
              : `${formatCount(kept)} of ${formatCount(playbook.rules.length)} rules followed`}
          </p>
          <ul className="grid gap-1.5 text-sm" aria-label="Checklist">
            {playbook.rules.map((rule) => (
              <li key={rule.id} className="flex items-start gap-2">
                <Badge
                  variant={rule.followed === null ? 'outline' : rule.followed ? 'success' : 'destructive'}
                  className="shrink-0"
                >
                  {rule.followed === null ? 'Not checked' : rule.followed ? 'Followed' : 'Broken'}
                </Badge>
                <span>{rule.text}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function Chips({ label, values, empty }: { label: string; values: string[]; empty: string }) {
  return (
    <div className="grid gap-1">
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className="flex flex-wrap gap-1.5">
        {values.length === 0 ? (
          <span className="text-muted-foreground text-sm">{empty}</span>
        ) : (
          values.map((v) => (
            <Badge key={v} variant="outline">
              {v}
            </Badge>
          ))
        )}
      </dd>
    </div>
  );
}

function Reflection({ trade }: { trade: TradeReview }) {
  return (
    <dl className="grid gap-3">
      <Chips label="Tags" values={trade.tags} empty="No tags" />
      <Chips label="Emotions before" values={trade.emotionsBefore} empty="None noted" />
      <Chips label="Emotions after" values={trade.emotionsAfter} empty="None noted" />
      <Chips label="Mistakes" values={trade.mistakes} empty="None noted" />
      <div className="grid gap-1">
        <dt className="text-muted-foreground text-sm">Rating</dt>
        <dd className="text-sm">{trade.rating === null ? 'Not rated' : `${trade.rating} of 5`}</dd>
      </div>
    </dl>
  );
}

/** The notes, edited where they are read: Save keeps them, and what failed says so beside the box. */
function NotesEditor({ notes, onSave }: { notes: string; onSave?: (notes: string) => Promise<void> }) {
  const [value, setValue] = React.useState(notes);
  const [saved, setSaved] = React.useState(notes);
  const [state, setState] = React.useState<{ kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; message: string }>({
    kind: 'idle',
  });
  if (!onSave) {
    return notes ? (
      <p className="whitespace-pre-wrap text-sm">{notes}</p>
    ) : (
      <p className="text-muted-foreground text-sm">No notes.</p>
    );
  }
  const changed = value !== saved;
  return (
    <form
      aria-label="Notes"
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        setState({ kind: 'saving' });
        onSave(value).then(
          () => {
            setSaved(value);
            setState({ kind: 'saved' });
          },
          (error: unknown) =>
            setState({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
        );
      }}
    >
      <Field
        label="Notes"
        error={state.kind === 'error' ? `Could not save the notes: ${state.message}` : undefined}
        help="What you saw, what you did, what you would do again."
      >
        {(control) => (
          <Textarea
            {...control}
            rows={5}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              if (state.kind !== 'saving') setState({ kind: 'idle' });
            }}
          />
        )}
      </Field>
      <div className="flex items-center gap-3">
        <Button type="submit" size="sm" disabled={!changed} loading={state.kind === 'saving'}>
          Save notes
        </Button>
        <span role="status" className="text-muted-foreground text-sm">
          {state.kind === 'saved' && !changed ? 'Notes saved.' : ''}
        </span>
      </div>
    </form>
  );
}

function Screenshots({ screenshots }: { screenshots: TradeReviewScreenshot[] }) {
  if (screenshots.length === 0) {
    return (
      <p className="flex items-center gap-2 text-muted-foreground text-sm">
        <ImageOff className="size-4" aria-hidden="true" />
        No screenshots. Add a chart with Edit trade.
      </p>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {screenshots.map((s) => (
        <li key={s.id} className="grid gap-1">
          <a
            href={s.src}
            target="_blank"
            rel="noreferrer"
            className="rounded-lg outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <img
              src={s.src}
              alt={s.caption || 'Chart screenshot'}
              loading="lazy"
              className="aspect-video w-full rounded-lg border bg-muted object-contain"
            />
          </a>
          {s.caption ? <span className="text-muted-foreground text-xs">{s.caption}</span> : null}
        </li>
      ))}
    </ul>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="min-w-0">{children}</CardContent>
    </Card>
  );
}

/**
 * /trades/{id}: one trade reviewed in one place: its result, fills, charges, playbook checklist, tags, emotions,
 * mistakes, notes (edited in place) and screenshots, with the previous and next trade of the list it came from.
 */
export function TradeReviewScreen({
  status,
  trade,
  backHref = '/trades',
  previous,
  next,
  editHref = trade ? `/trade-form/${trade.id}` : undefined,
  errorDetail,
  onRetry,
  onSaveNotes,
}: TradeReviewScreenProps) {
  useArrowKeys(previous, next);
  const nav = (
    <nav aria-label="Trades" className="flex flex-wrap items-center justify-between gap-2">
      <Link to={backHref} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
        <ArrowLeft aria-hidden="true" />
        Back to trades
      </Link>
      <Neighbours previous={previous} next={next} />
    </nav>
  );

  if (status !== 'ready' || !trade) {
    return (
      <div data-slot="trade-review" data-status={status} className="mx-auto grid max-w-5xl grid-cols-1 gap-6">
        {nav}
        <h1 className="font-bold text-2xl">Trade review</h1>
        {status === 'loading' ? (
          <div aria-busy="true" className="grid gap-3">
            <p role="status" className="sr-only">
              Loading the trade…
            </p>
            <Skeleton className="h-24 rounded-xl" />
            <Skeleton className="h-64 rounded-xl" />
          </div>
        ) : status === 'error' ? (
          <LoadError detail={errorDetail} onRetry={onRetry} />
        ) : (
          <EmptyState
            icon={<FileQuestion />}
            title="Trade not found"
            description="This trade does not exist or belongs to another account. It may have been deleted or undone with its import."
          />
        )}
      </div>
    );
  }

  return (
    <div data-slot="trade-review" data-status={status} className="mx-auto grid max-w-5xl grid-cols-1 gap-6">
      {nav}
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="font-bold text-2xl [overflow-wrap:anywhere]">{trade.symbol}</h1>
            <StatusBadge trade={trade} />
          </div>
          <p className="text-muted-foreground">
            {trade.side === 'long' ? 'Long' : 'Short'} {formatQuantity(trade.quantity)} · {SEGMENT[trade.segment]} ·{' '}
            {PRODUCT[trade.product]} · {trade.exchange}
          </p>
        </div>
        {editHref ? (
          <Link to={editHref} className={buttonVariants({ variant: 'outline' })}>
            <Pencil aria-hidden="true" />
            Edit trade
          </Link>
        ) : null}
      </header>
      {trade.status === 'missing_cost' ? (
        <Alert variant="warning" title="Cost basis missing">
          These shares were bought before your imported history, so this sale has no P&L yet. Give it a cost with “Add
          opening position” on the trades page.
        </Alert>
      ) : null}
      <Figures trade={trade} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid grid-cols-1 content-start gap-6">
          <Section title="Entry and exit">
            <EntryAndExit trade={trade} />
          </Section>
          <Section title={`Fills (${formatCount(trade.fills.length)})`}>
            <Fills fills={trade.fills} />
          </Section>
          <Section title="Charges">
            <Charges trade={trade} />
          </Section>
        </div>
        <div className="grid grid-cols-1 content-start gap-6">
          <Section title="Playbook">
            {trade.playbook ? (
              <Checklist playbook={trade.playbook} />
            ) : (
              <p className="text-muted-foreground text-sm">No playbook. Choose one with Edit trade.</p>
            )}
          </Section>
          <Section title="Tags, emotions and mistakes">
            <Reflection trade={trade} />
          </Section>
          <Section title="Notes">
            <NotesEditor key={trade.id} notes={trade.notes ?? ''} onSave={onSaveNotes} />
          </Section>
          <Section title={`Screenshots (${formatCount(trade.screenshots.length)})`}>
            <Screenshots screenshots={trade.screenshots} />
          </Section>
        </div>
      </div>
    </div>
  );
}
