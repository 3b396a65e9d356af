import { formatINR } from '@bahi/trading';
import { Pencil, Plus, Trash2, Wallet } from 'lucide-react';
import * as React from 'react';
import { CapitalChart, type CapitalPoint } from '../../charts/capital-chart';
import { Alert } from '../../components/alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/alert-dialog';
import { Badge } from '../../components/badge';
import { Button, IconButton } from '../../components/button';
import { DateInput } from '../../components/date-input';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/dialog';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { Money } from '../../components/money';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/select';
import { Stat, statsCompactOnPhone } from '../../components/stat';
import { DataTable, type DataTableColumn } from '../../components/table';
import { Textarea } from '../../components/textarea';
import { formatDate } from '../../lib/dates';
import { cn } from '../../lib/utils';
import type { AreaCallbacks } from './area-actions';
import { AreaPage, type AreaStatus } from './area-page';

// Funds: deposits, withdrawals and adjustments (a row of `public.funds`), capital over time, return on capital.

export type FundKind = 'deposit' | 'withdrawal' | 'adjustment';

export interface FundMovement {
  id: string;
  kind: FundKind;
  /** Rupees; positive for deposits and withdrawals, signed for an adjustment. */
  amount: number;
  /** 'YYYY-MM-DD', the IST day it happened. */
  occurredOn: string;
  note: string | null;
}

export interface FundsSummary {
  deposits: { total: number; count: number };
  withdrawals: { total: number; count: number };
  /** Signed sum. */
  adjustments: { total: number; count: number };
  /** Deposits − withdrawals ± adjustments. */
  netCapitalIn: number;
  /** Realised net P&L after charges of `trades` closed trades. */
  tradingPnl: { value: number; trades: number };
  currentCapital: number;
  /** Return on capital over one or more periods (the first is shown first): since the start, this financial year… */
  returns: ReturnOnCapital[];
}

/** Modified Dietz: netPnl ÷ averageCapital over [from, to] (IST days, inclusive). */
export interface ReturnOnCapital {
  /** 'Since you started', 'FY 2026–27'. */
  label: string;
  value: number | null;
  netPnl: number;
  averageCapital: number;
  trades: number;
  from: string;
  to: string;
}

/** The add/edit form as typed (strings, so "1,00,000" and a half-typed "-" survive until submit). */
export interface FundFormValues {
  kind: FundKind;
  amount: string;
  occurredOn: string;
  note: string;
}

export interface FundEditor {
  /** Absent: adding. */
  id?: string;
  values: FundFormValues;
  errors?: Partial<Record<keyof FundFormValues, string>>;
  saving?: boolean;
  serviceError?: string;
}

export const FUND_KIND_LABELS: Record<FundKind, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  adjustment: 'Adjustment',
};

const kindBadge = { deposit: 'success', withdrawal: 'outline', adjustment: 'secondary' } as const;
const signedAmount = (m: FundMovement) => (m.kind === 'withdrawal' ? -m.amount : m.amount);
/** A date-only value read as noon in India, so that no time zone moves it to another day. */
const istDay = (iso: string) => formatDate(`${iso}T12:00:00+05:30`);
const percent = (x: number) =>
  `${(x * 100).toLocaleString('en-IN', { maximumFractionDigits: 2, minimumFractionDigits: 2 })}%`;

export interface FundsScreenProps extends AreaCallbacks {
  /** Which of loading, empty, error and the funds shows. */
  status: AreaStatus;
  /** Deposits and withdrawals. */
  movements?: FundMovement[];
  /** Money put in, taken out, P&L after charges and the capital now. */
  summary?: FundsSummary;
  /** The capital over time, for the chart. */
  capital?: CapitalPoint[];
  /** The add/edit dialog; absent while closed. */
  editor?: FundEditor;
  /** Opens the dialog to add a deposit or withdrawal. */
  onAdd?: () => void;
  /** Opens the dialog on a movement. */
  onEdit?: (movement: FundMovement) => void;
  /** Called once the trader has confirmed. */
  onDelete?: (movement: FundMovement) => void;
  /** Called with the dialog's values as the trader edits them. */
  onEditorChange?: (values: FundFormValues) => void;
  /** Saves the dialog's movement. */
  onEditorSubmit?: () => void;
  /** Closes the dialog. */
  onEditorClose?: () => void;
}

export function FundsScreen({
  status,
  movements = [],
  summary,
  capital = [],
  editor,
  onAdd,
  onEdit,
  onDelete,
  onEditorChange,
  onEditorSubmit,
  onEditorClose,
  notice,
  ...cb
}: FundsScreenProps) {
  const [confirming, setConfirming] = React.useState<FundMovement | null>(null);
  const [period, setPeriod] = React.useState(0);
  const addEntry = (
    <Button onClick={onAdd}>
      <Plus aria-hidden="true" /> Add movement
    </Button>
  );
  const columns: DataTableColumn<FundMovement>[] = [
    {
      id: 'date',
      header: 'Date',
      sortValue: (m) => Date.parse(m.occurredOn),
      // Where the table is narrow (a phone) the type and note fold under the date, so amount and actions stay in view.
      cell: (m) => (
        <span className="grid justify-items-start gap-1 max-sm:whitespace-normal">
          {istDay(m.occurredOn)}
          <span className="flex flex-wrap items-center gap-1.5 text-muted-foreground text-xs @lg:hidden">
            <Badge variant={kindBadge[m.kind]}>{FUND_KIND_LABELS[m.kind]}</Badge>
            {m.note ? <span className="whitespace-normal">{m.note}</span> : null}
          </span>
        </span>
      ),
    },
    {
      id: 'kind',
      header: 'Type',
      sortValue: (m) => m.kind,
      cell: (m) => <Badge variant={kindBadge[m.kind]}>{FUND_KIND_LABELS[m.kind]}</Badge>,
      className: 'hidden @lg:table-cell',
    },
    {
      id: 'note',
      header: 'Note',
      cell: (m) => m.note || <span className="text-muted-foreground">—</span>,
      className: 'hidden @lg:table-cell',
    },
    {
      id: 'amount',
      header: 'Amount',
      align: 'right',
      sortValue: signedAmount,
      cell: (m) => <Money value={signedAmount(m)} signed />,
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (m) => {
        const what = `${FUND_KIND_LABELS[m.kind].toLowerCase()} of ${formatINR(Math.abs(m.amount))} on ${istDay(m.occurredOn)}`;
        return (
          <span className="inline-flex gap-1">
            <IconButton size="sm" icon={<Pencil />} label={`Edit ${what}`} onClick={() => onEdit?.(m)} />
            <IconButton size="sm" icon={<Trash2 />} label={`Delete ${what}`} onClick={() => setConfirming(m)} />
          </span>
        );
      },
    },
  ];
  const roc = summary?.returns[period] ?? summary?.returns[0];
  return (
    <>
      <AreaPage
        notice={notice}
        title="Funds"
        description="Deposits, withdrawals and adjustments, so returns are measured on the capital you actually had."
        status={status}
        actions={addEntry}
        empty={{
          icon: <Wallet />,
          title: 'No fund movements yet',
          description:
            'Add your opening capital and each pay-in or payout to see your capital over time and true returns.',
          action: addEntry,
        }}
        {...cb}
      >
        {summary ? (
          <section
            aria-label="Totals"
            className={cn('grid grid-cols-2 gap-2 sm:gap-4 xl:grid-cols-4', statsCompactOnPhone)}
          >
            <Stat
              className="max-sm:col-span-2"
              label="Current capital"
              value={<Money value={summary.currentCapital} />}
              hint={
                <>
                  <Money value={summary.netCapitalIn} /> put in, <Money value={summary.tradingPnl.value} signed /> from{' '}
                  {summary.tradingPnl.trades} closed trades after charges
                </>
              }
            />
            <Stat
              className="max-sm:col-span-2"
              label="Return on capital"
              value={roc?.value === null || !roc ? '—' : percent(roc.value)}
              hint={
                roc ? (
                  <span className="grid gap-2">
                    {summary.returns.length > 1 ? (
                      <Select value={String(period)} onValueChange={(v) => setPeriod(Number(v))}>
                        <SelectTrigger size="sm" aria-label="Return period" className="w-fit">
                          <SelectValue />
                        </SelectTrigger>
                        <SelectContent>
                          {summary.returns.map((r, i) => (
                            <SelectItem key={r.label} value={String(i)}>
                              {r.label}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    ) : null}
                    <span>
                      {istDay(roc.from)} – {istDay(roc.to)}: <Money value={roc.netPnl} signed /> net P&L of {roc.trades}{' '}
                      trades ÷ <Money value={roc.averageCapital} /> average capital (Modified Dietz)
                    </span>
                  </span>
                ) : null
              }
            />
            <Stat
              label="Deposited"
              value={<Money value={summary.deposits.total} />}
              hint={`${summary.deposits.count} ${summary.deposits.count === 1 ? 'deposit' : 'deposits'}`}
            />
            <Stat
              label="Withdrawn"
              value={<Money value={summary.withdrawals.total} />}
              hint={
                <>
                  {summary.withdrawals.count} {summary.withdrawals.count === 1 ? 'withdrawal' : 'withdrawals'} ·
                  adjustments <Money value={summary.adjustments.total} signed /> ({summary.adjustments.count})
                </>
              }
            />
          </section>
        ) : null}
        <p className="text-muted-foreground text-sm">
          Return on capital counts each deposit and withdrawal only for the days it was in your account (the Modified
          Dietz method), so adding money late in the period does not dilute the return.
        </p>
        <CapitalChart points={capital} />
        <div className="@container min-w-0">
          <DataTable
            caption="Fund movements"
            columns={columns}
            rows={movements}
            rowKey={(m) => m.id}
            defaultSort={{ column: 'date', direction: 'desc' }}
          />
        </div>
      </AreaPage>
      <FundDialog editor={editor} onChange={onEditorChange} onSubmit={onEditorSubmit} onClose={onEditorClose} />
      <AlertDialog open={confirming !== null} onOpenChange={(open) => (open ? null : setConfirming(null))}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete this movement?</AlertDialogTitle>
            <AlertDialogDescription>
              {confirming
                ? `The ${FUND_KIND_LABELS[confirming.kind].toLowerCase()} of ${formatINR(Math.abs(confirming.amount))} on ${istDay(confirming.occurredOn)} will be removed, and your capital and return recalculated.`
                : null}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep it</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() => {
                if (confirming) onDelete?.(confirming);
                setConfirming(null);
              }}
            >
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

const amountHelp: Record<FundKind, string> = {
  deposit: 'Money you added to your trading account.',
  withdrawal: 'Money you took out (a payout to your bank).',
  adjustment:
    'A correction or a non-trading charge: negative for a debit (−354 for the demat AMC), positive for a credit.',
};

/** Add or edit a movement. Validation happens on submit; each error sits under its field. */
export function FundDialog({
  editor,
  onChange,
  onSubmit,
  onClose,
}: {
  editor?: FundEditor;
  onChange?: (values: FundFormValues) => void;
  onSubmit?: () => void;
  onClose?: () => void;
}) {
  const values = editor?.values;
  const errors = editor?.errors ?? {};
  const saving = editor?.saving ?? false;
  const set = <K extends keyof FundFormValues>(key: K, value: FundFormValues[K]) =>
    values && onChange?.({ ...values, [key]: value });
  return (
    <Dialog open={Boolean(editor)} onOpenChange={(open) => (open ? null : onClose?.())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editor?.id ? 'Edit movement' : 'Add a fund movement'}</DialogTitle>
          <DialogDescription>Deposits and withdrawals change your capital, not your trading P&L.</DialogDescription>
        </DialogHeader>
        {values ? (
          <form
            noValidate
            className="grid gap-4"
            aria-busy={saving || undefined}
            onSubmit={(e) => {
              e.preventDefault();
              onSubmit?.();
            }}
          >
            {editor?.serviceError ? <Alert variant="error" title={editor.serviceError} /> : null}
            <Field label="Type" error={errors.kind} required>
              {(control) => (
                <Select value={values.kind} onValueChange={(v) => set('kind', v as FundKind)} disabled={saving}>
                  <SelectTrigger {...control}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {(Object.keys(FUND_KIND_LABELS) as FundKind[]).map((k) => (
                      <SelectItem key={k} value={k}>
                        {FUND_KIND_LABELS[k]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </Field>
            <Field label="Amount (₹)" help={amountHelp[values.kind]} error={errors.amount} required>
              <Input
                inputMode="decimal"
                autoComplete="off"
                value={values.amount}
                onChange={(e) => set('amount', e.target.value)}
                disabled={saving}
                placeholder={values.kind === 'adjustment' ? '-354' : '1,00,000'}
              />
            </Field>
            <Field
              label="Date"
              help="The day it reached or left your trading account."
              error={errors.occurredOn}
              required
            >
              <DateInput value={values.occurredOn} onValueChange={(v) => set('occurredOn', v)} disabled={saving} />
            </Field>
            <Field label="Note" error={errors.note}>
              <Textarea
                value={values.note}
                onChange={(e) => set('note', e.target.value)}
                disabled={saving}
                placeholder="Opening capital, monthly payout…"
                rows={2}
              />
            </Field>
            <DialogFooter>
              <Button type="button" variant="ghost" onClick={onClose} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" loading={saving}>
                {saving ? 'Saving…' : editor?.id ? 'Save changes' : 'Add movement'}
              </Button>
            </DialogFooter>
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
