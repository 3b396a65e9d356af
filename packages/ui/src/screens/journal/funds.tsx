import { Plus, Wallet } from 'lucide-react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Money } from '../../components/money';
import { Stat } from '../../components/stat';
import { DataTable, type DataTableColumn } from '../../components/table';
import { formatDate } from '../../lib/dates';
import type { AreaCallbacks } from './area-actions';
import { AreaPage, type AreaStatus } from './area-page';

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
