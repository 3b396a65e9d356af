import { formatINR } from '@bahi/billing';
import {
  BookOpen,
  Bot,
  CalendarDays,
  ChartColumn,
  FileUp,
  Images,
  NotebookPen,
  Plus,
  Send,
  Wallet,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { type CalendarDay, CalendarHeatmap } from '../../charts/calendar-heatmap';
import { type DistributionBucket, PnlDistribution } from '../../charts/journal-charts';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Button, buttonVariants } from '../../components/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/card';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { Money } from '../../components/money';
import { Spinner } from '../../components/spinner';
import { Stat } from '../../components/stat';
import { DataTable, type DataTableColumn } from '../../components/table';
import { Textarea } from '../../components/textarea';
import { formatDate, formatDateTime } from '../../lib/dates';
import { cn } from '../../lib/utils';
import { AreaPage, type AreaStatus } from './area-page';
import type { DashboardTrade } from './dashboard';

interface AreaCallbacks {
  onReload?: () => void;
  onRetry?: () => void;
  errorDetail?: string;
}

const addTrade = (
  <Link to="/trade-form" className={buttonVariants()}>
    <Plus aria-hidden="true" /> Add trade
  </Link>
);
const importTrades = (
  <Link to="/trades?import=1" className={buttonVariants({ variant: 'outline' })}>
    <FileUp aria-hidden="true" /> Import
  </Link>
);

// Trades

const tradeColumns: DataTableColumn<DashboardTrade>[] = [
  { id: 'closedAt', header: 'Closed', sortValue: (t) => t.closedAt, cell: (t) => formatDateTime(t.closedAt) },
  {
    id: 'symbol',
    header: 'Symbol',
    sortValue: (t) => t.symbol,
    cell: (t) => <span className="font-medium">{t.symbol}</span>,
  },
  { id: 'segment', header: 'Segment', sortValue: (t) => t.segment, cell: (t) => t.segment },
  {
    id: 'side',
    header: 'Side',
    cell: (t) => <Badge variant={t.side === 'Long' ? 'secondary' : 'outline'}>{t.side}</Badge>,
  },
  { id: 'playbook', header: 'Playbook', cell: (t) => t.playbook ?? '—' },
  {
    id: 'pnl',
    header: 'Net P&L',
    align: 'right',
    sortValue: (t) => t.pnl,
    cell: (t) => <Money value={t.pnl} signed />,
  },
];

export function TradesScreen({
  status,
  trades = [],
  ...cb
}: { status: AreaStatus; trades?: DashboardTrade[] } & AreaCallbacks) {
  return (
    <AreaPage
      title="Trades"
      description="Every closed trade, after charges. Sort by any column."
      status={status}
      actions={
        <>
          {importTrades}
          {addTrade}
        </>
      }
      empty={{
        icon: <FileUp />,
        title: 'No trades yet',
        description:
          'Import a Zerodha Console tradebook, a Dhan transaction report, or an Upstox or Angel One file. Re-importing an overlapping file is safe: duplicates are skipped.',
        action: addTrade,
      }}
      {...cb}
    >
      <DataTable
        caption="Closed trades"
        captionHidden
        columns={tradeColumns}
        rows={trades}
        rowKey={(t) => t.id}
        defaultSort={{ column: 'closedAt', direction: 'desc' }}
      />
    </AreaPage>
  );
}

// Calendar

export function CalendarScreen({
  status,
  month = '2026-01',
  days = {},
  ...cb
}: { status: AreaStatus; month?: string; days?: Record<string, CalendarDay> } & AreaCallbacks) {
  return (
    <AreaPage
      title="Calendar"
      description="Daily net P&L with weekly and monthly totals, in exchange time (IST)."
      status={status}
      skeleton="panel"
      empty={{
        icon: <CalendarDays />,
        title: 'Nothing on the calendar yet',
        description: 'Days fill in green and red as you log or import trades.',
        action: addTrade,
      }}
      {...cb}
    >
      <CalendarHeatmap month={month} days={days} />
    </AreaPage>
  );
}

// Analytics

export interface SetupRow {
  setup: string;
  trades: number;
  winRate: number;
  expectancy: number;
  netPnl: number;
}

const setupColumns: DataTableColumn<SetupRow>[] = [
  { id: 'setup', header: 'Setup', sortValue: (r) => r.setup, cell: (r) => r.setup },
  { id: 'trades', header: 'Trades', align: 'right', sortValue: (r) => r.trades, cell: (r) => r.trades },
  {
    id: 'winRate',
    header: 'Win rate',
    align: 'right',
    sortValue: (r) => r.winRate,
    cell: (r) => `${Math.round(r.winRate * 100)}%`,
  },
  {
    id: 'expectancy',
    header: 'Expectancy',
    align: 'right',
    sortValue: (r) => r.expectancy,
    cell: (r) => <Money value={r.expectancy} signed />,
  },
  {
    id: 'netPnl',
    header: 'Net P&L',
    align: 'right',
    sortValue: (r) => r.netPnl,
    cell: (r) => <Money value={r.netPnl} signed abbreviate />,
  },
];

export function AnalyticsScreen({
  status,
  buckets = [],
  setups = [],
  ...cb
}: { status: AreaStatus; buckets?: DistributionBucket[]; setups?: SetupRow[] } & AreaCallbacks) {
  return (
    <AreaPage
      title="Analytics"
      description="What works and what costs you, with the sample size beside every figure."
      status={status}
      skeleton="panel"
      empty={{
        icon: <ChartColumn />,
        title: 'Not enough trades to analyse',
        description: 'Analytics need closed trades. Twenty or more give figures you can trust.',
        action: importTrades,
      }}
      {...cb}
    >
      <div className="grid gap-4 xl:grid-cols-2">
        <PnlDistribution buckets={buckets} />
        <section aria-labelledby="by-setup" className="grid content-start gap-3 rounded-xl border bg-card p-4">
          <h2 id="by-setup" className="font-semibold">
            By setup
          </h2>
          <DataTable
            caption="Results by setup"
            captionHidden
            columns={setupColumns}
            rows={setups}
            rowKey={(r) => r.setup}
            defaultSort={{ column: 'netPnl', direction: 'desc' }}
          />
        </section>
      </div>
    </AreaPage>
  );
}

// Funds

export interface FundEntry {
  id: string;
  date: string;
  kind: 'Deposit' | 'Withdrawal';
  amount: number;
  note?: string;
}

const fundColumns: DataTableColumn<FundEntry>[] = [
  { id: 'date', header: 'Date', sortValue: (f) => f.date, cell: (f) => formatDate(f.date) },
  {
    id: 'kind',
    header: 'Type',
    cell: (f) => <Badge variant={f.kind === 'Deposit' ? 'success' : 'outline'}>{f.kind}</Badge>,
  },
  { id: 'note', header: 'Note', cell: (f) => f.note ?? '—' },
  {
    id: 'amount',
    header: 'Amount',
    align: 'right',
    sortValue: (f) => f.amount,
    cell: (f) => <Money value={f.kind === 'Deposit' ? f.amount : -f.amount} />,
  },
];

export function FundsScreen({
  status,
  entries = [],
  ...cb
}: { status: AreaStatus; entries?: FundEntry[] } & AreaCallbacks) {
  const deposits = entries.filter((e) => e.kind === 'Deposit').reduce((s, e) => s + e.amount, 0);
  const withdrawals = entries.filter((e) => e.kind === 'Withdrawal').reduce((s, e) => s + e.amount, 0);
  const addEntry = (
    <Button>
      <Plus aria-hidden="true" /> Add entry
    </Button>
  );
  return (
    <AreaPage
      title="Funds"
      description="Deposits and withdrawals, so returns are measured on the capital you actually had."
      status={status}
      actions={addEntry}
      empty={{
        icon: <Wallet />,
        title: 'No fund movements yet',
        description: 'Add your opening capital and each pay-in or payout to see true returns.',
        action: addEntry,
      }}
      {...cb}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <Stat
          label="Deposited"
          value={<Money value={deposits} abbreviate />}
          hint={`${entries.filter((e) => e.kind === 'Deposit').length} entries`}
        />
        <Stat
          label="Withdrawn"
          value={<Money value={withdrawals} abbreviate />}
          hint={`${entries.filter((e) => e.kind === 'Withdrawal').length} entries`}
        />
        <Stat label="Net capital in" value={<Money value={deposits - withdrawals} abbreviate />} />
      </div>
      <DataTable
        caption="Fund movements"
        captionHidden
        columns={fundColumns}
        rows={entries}
        rowKey={(e) => e.id}
        defaultSort={{ column: 'date', direction: 'desc' }}
      />
    </AreaPage>
  );
}

// Playbooks

export interface PlaybookSummary {
  id: string;
  name: string;
  description: string;
  trades: number;
  winRate: number;
  netPnl: number;
}

export function PlaybooksScreen({
  status,
  playbooks = [],
  ...cb
}: { status: AreaStatus; playbooks?: PlaybookSummary[] } & AreaCallbacks) {
  const create = (
    <Link to="/playbook/create" className={buttonVariants()}>
      <Plus aria-hidden="true" /> New playbook
    </Link>
  );
  return (
    <AreaPage
      title="Playbooks"
      description="Your setups, their rules, and whether they pay."
      status={status}
      skeleton="cards"
      actions={create}
      empty={{
        icon: <BookOpen />,
        title: 'No playbooks yet',
        description:
          'Write down a setup you trade (say, the 15-minute opening range breakout) with its entry, stop and checklist.',
        action: create,
      }}
      {...cb}
    >
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {playbooks.map((p) => (
          <li key={p.id}>
            <Card className="h-full">
              <CardHeader>
                <CardTitle asChild>
                  <h2>{p.name}</h2>
                </CardTitle>
                <CardDescription>{p.description}</CardDescription>
              </CardHeader>
              <CardContent className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                <span>{p.trades} trades</span>
                <span>{Math.round(p.winRate * 100)}% wins</span>
                <Money value={p.netPnl} signed abbreviate />
              </CardContent>
              <CardFooter className="mt-auto">
                <Link
                  to={`/playbook/edit/${p.id}`}
                  className={buttonVariants({ variant: 'outline', size: 'sm' })}
                  aria-label={`Edit ${p.name}`}
                >
                  Edit
                </Link>
              </CardFooter>
            </Card>
          </li>
        ))}
      </ul>
    </AreaPage>
  );
}

// Notebook

export interface Note {
  id: string;
  title: string;
  excerpt: string;
  updatedAt: string;
}

export function NotebookScreen({ status, notes = [], ...cb }: { status: AreaStatus; notes?: Note[] } & AreaCallbacks) {
  const write = (
    <Button>
      <NotebookPen aria-hidden="true" /> New note
    </Button>
  );
  return (
    <AreaPage
      title="Notebook"
      description="Pre-market plans, post-session reviews and lessons, beside the day's trades."
      status={status}
      skeleton="cards"
      actions={write}
      empty={{
        icon: <NotebookPen />,
        title: 'Your notebook is empty',
        description:
          'Write tomorrow’s plan tonight: levels to watch, max loss for the day, the one rule you will not break.',
        action: write,
      }}
      {...cb}
    >
      <ul className="grid gap-3">
        {notes.map((n) => (
          <li key={n.id}>
            <Card className="gap-2 py-4">
              <CardHeader className="px-4">
                <CardTitle asChild>
                  <h2>{n.title}</h2>
                </CardTitle>
                <CardDescription>{formatDateTime(n.updatedAt)}</CardDescription>
              </CardHeader>
              <CardContent className="px-4 text-sm">{n.excerpt}</CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </AreaPage>
  );
}

// Gallery

export interface GalleryItem {
  id: string;
  caption: string;
  /** Image URL (a signed storage URL); the caption names it. */
  src: string;
}

export function GalleryScreen({
  status,
  items = [],
  ...cb
}: { status: AreaStatus; items?: GalleryItem[] } & AreaCallbacks) {
  const upload = (
    <Button>
      <Images aria-hidden="true" /> Upload chart
    </Button>
  );
  return (
    <AreaPage
      title="Gallery"
      description="Chart screenshots from your trades and playbooks."
      status={status}
      skeleton="cards"
      actions={upload}
      empty={{
        icon: <Images />,
        title: 'No screenshots yet',
        description: 'Attach the chart at entry and at exit to a trade. Reviewing pictures beats reviewing numbers.',
        action: upload,
      }}
      {...cb}
    >
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4">
        {items.map((item) => (
          <li key={item.id}>
            <figure className="grid gap-1">
              {/* The figcaption names the figure; repeating it as alt text would be read twice. */}
              <img src={item.src} alt="" className="aspect-video w-full rounded-lg border object-cover" />
              <figcaption className="text-muted-foreground text-xs">{item.caption}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </AreaPage>
  );
}

// Position sizing

export interface PositionSizingResult {
  quantity: number;
  riskAmount: number;
  positionValue: number;
  rewardToRisk?: number;
  /** e.g. 'Position value ₹2,70,000 exceeds capital ₹2,50,000.' */
  warning?: string;
}

export interface PositionSizingValues {
  capital: string;
  riskPercent: string;
  entry: string;
  stop: string;
  target: string;
}

export function PositionSizingScreen({
  values,
  result,
  fieldErrors = {},
  onChange,
}: {
  values: PositionSizingValues;
  result?: PositionSizingResult;
  fieldErrors?: Partial<Record<keyof PositionSizingValues, string>>;
  onChange?: (values: PositionSizingValues) => void;
}) {
  const field = (key: keyof PositionSizingValues, label: string, help?: string) => (
    <Field label={label} help={help} error={fieldErrors[key]}>
      <Input
        inputMode="decimal"
        value={values[key]}
        onChange={(e) => onChange?.({ ...values, [key]: e.target.value })}
      />
    </Field>
  );
  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="font-bold text-2xl">Position sizing</h1>
        <p className="text-muted-foreground">Risk the same share of capital on every trade.</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardContent className="grid gap-4">
            {field('capital', 'Capital (₹)')}
            {field('riskPercent', 'Risk per trade (%)', 'Most traders keep this between 0.5% and 2%.')}
            {field('entry', 'Entry price (₹)')}
            {field('stop', 'Stop loss (₹)')}
            {field('target', 'Target (₹)', 'Optional: for reward-to-risk.')}
          </CardContent>
        </Card>
        <section aria-labelledby="sizing-result" aria-live="polite" className="grid content-start gap-4">
          <h2 id="sizing-result" className="font-semibold text-lg">
            Result
          </h2>
          {result ? (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <Stat label="Quantity" value={result.quantity.toLocaleString('en-IN')} hint="shares, rounded down" />
                <Stat label="Rupees at risk" value={formatINR(result.riskAmount, { paise: 'always' })} />
                <Stat label="Position value" value={formatINR(result.positionValue, { paise: 'always' })} />
                <Stat
                  label="Reward to risk"
                  value={result.rewardToRisk === undefined ? '—' : `${result.rewardToRisk.toFixed(2)} R`}
                />
              </div>
              {result.warning ? <Alert variant="warning" title={result.warning} /> : null}
            </>
          ) : (
            <p className="text-muted-foreground text-sm">Enter capital, risk, entry and stop to see the quantity.</p>
          )}
        </section>
      </div>
    </div>
  );
}

// AI assistant

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  text: string;
}

export function AssistantScreen({
  status,
  messages = [],
  thinking = false,
  error,
  onSend,
  ...cb
}: {
  status: AreaStatus;
  messages?: ChatMessage[];
  thinking?: boolean;
  error?: string;
  onSend?: (text: string) => void;
} & AreaCallbacks) {
  const suggestions = [
    'Why was last week red?',
    'Which setup should I stop trading?',
    'Am I overtrading after losses?',
  ];
  const composer = (
    <form
      className="flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const text = String(new FormData(e.currentTarget).get('message') ?? '').trim();
        if (text) onSend?.(text);
        e.currentTarget.reset();
      }}
    >
      <Textarea
        name="message"
        aria-label="Ask about your trades"
        placeholder="Ask about your trades…"
        className="min-h-12"
        disabled={thinking}
      />
      <Button type="submit" aria-label="Send" disabled={thinking}>
        <Send aria-hidden="true" />
      </Button>
    </form>
  );
  return (
    <AreaPage
      title="AI assistant"
      description="Answers from your own journal, with the trades behind them. Not investment advice."
      status={status === 'empty' ? 'ready' : status}
      skeleton="panel"
      empty={{ icon: <Bot />, title: '', description: '' }}
      {...cb}
    >
      <div className="grid gap-4 rounded-xl border bg-card p-4">
        {messages.length === 0 ? (
          <div className="grid justify-items-center gap-3 py-8 text-center">
            <Bot className="size-8 text-primary" aria-hidden="true" />
            <p className="font-medium">Ask anything about your trading</p>
            <ul className="flex flex-wrap justify-center gap-2">
              {suggestions.map((s) => (
                <li key={s}>
                  <Button variant="secondary" size="sm" onClick={() => onSend?.(s)}>
                    {s}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <ol aria-label="Conversation" className="grid gap-3">
            {messages.map((m) => (
              <li
                key={m.id}
                className={cn(
                  'max-w-[85%] rounded-lg px-3 py-2 text-sm',
                  m.role === 'user' ? 'justify-self-end bg-primary text-primary-foreground' : 'bg-muted',
                )}
              >
                <span className="sr-only">{m.role === 'user' ? 'You:' : 'Assistant:'} </span>
                {m.text}
              </li>
            ))}
            {thinking ? (
              <li className="flex items-center gap-2 text-muted-foreground text-sm">
                <Spinner size="sm" label={null} />
                <span role="status">Reading your trades…</span>
              </li>
            ) : null}
          </ol>
        )}
        {error ? <Alert variant="error" title={error} /> : null}
        {composer}
      </div>
    </AreaPage>
  );
}
