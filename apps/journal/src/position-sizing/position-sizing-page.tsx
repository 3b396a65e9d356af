import { useSession } from '@bahi/auth-machine/react';
import { formatCount, kolkataDate } from '@bahi/trading';
import { PositionSizingScreen } from '@bahi/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fundsQuery, useJournalTrades } from '../data/journal-data';
import { fundsSummary } from '../funds/funds-data';
import {
  applySizingChange,
  computeSizing,
  newSizingValues,
  SIZING_UNDERLYINGS,
  sizingTableLotSize,
} from './sizing-form';

/** /position-sizing: the calculator, computed as you type with @bahi/trading's sizePosition. */
export default function PositionSizingPage() {
  const { user } = useSession();
  const [entered, setValues] = useState(() => newSizingValues(kolkataDate(new Date())));
  const [capitalTyped, setCapitalTyped] = useState(false);
  // Until the trader types a capital, it is their current capital from Funds (deposits less withdrawals plus
  // realised P&L after charges), in whole rupees.
  const funds = useQuery(fundsQuery(user?.id));
  const trades = useJournalTrades(user?.id);
  const current =
    funds.data?.length && trades.data
      ? fundsSummary(funds.data, trades.data, kolkataDate(new Date())).summary.currentCapital
      : undefined;
  const fromFunds = !capitalTyped && current !== undefined && current > 0;
  const capitalStatus = capitalTyped
    ? undefined
    : funds.isLoading || trades.isLoading
      ? 'loading'
      : funds.isError || trades.isError
        ? 'error'
        : undefined;
  // In the Indian grouping the trader reads everywhere else (7,06,631); the form reads it back as a number.
  const values = fromFunds ? { ...entered, capital: formatCount(Math.floor(current)) } : entered;
  const { result, errors } = computeSizing(values);
  const fromTable = sizingTableLotSize(values);
  return (
    <PositionSizingScreen
      values={values}
      result={result}
      fieldErrors={errors}
      underlyings={SIZING_UNDERLYINGS}
      lotSizeSource={
        fromTable !== undefined && String(fromTable) === values.lotSize
          ? 'From the dated NSE lot-size table for this expiry.'
          : undefined
      }
      capitalSource={fromFunds ? 'Your current capital from Funds; type to change it.' : undefined}
      capitalStatus={capitalStatus}
      onRetryCapital={() => {
        void funds.refetch();
        void trades.refetch();
      }}
      onChange={(next) => {
        if (next.capital !== values.capital) setCapitalTyped(true);
        setValues(applySizingChange(values, next));
      }}
    />
  );
}
