// The journal areas until their own issue: each area's screen from the ui package, with real data where it is cheap
// (the trades list) and the empty state elsewhere.
import { useSession } from '@bahi/auth-machine/react';
import {
  AnalyticsScreen,
  AreaPage,
  AssistantScreen,
  CalendarScreen,
  FundsScreen,
  GalleryScreen,
  NotebookScreen,
  PlaybooksScreen,
  PositionSizingScreen,
  type PositionSizingValues,
  TradesScreen,
} from '@bahi/ui';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { assistantPath } from '../config';
import { useRecentTrades } from '../data';

function TradesArea() {
  const { user } = useSession();
  const trades = useRecentTrades(user?.id, 200);
  const status = trades.isPending ? 'loading' : trades.isError ? 'error' : trades.data.length ? 'ready' : 'empty';
  return (
    <TradesScreen
      status={status}
      trades={trades.data}
      errorDetail={trades.error?.message}
      onRetry={() => void trades.refetch()}
    />
  );
}

/** Units to buy so that hitting the stop loses `riskPercent` of capital: capital × risk% ÷ |entry − stop|. */
export function sizePosition(values: PositionSizingValues) {
  const [capital, risk, entry, stop, target] = [
    values.capital,
    values.riskPercent,
    values.entry,
    values.stop,
    values.target,
  ].map((v) => Number(v.replace(/[,\s]/g, '')));
  const perUnit = Math.abs((entry ?? 0) - (stop ?? 0));
  if (!capital || !risk || !entry || !stop || !perUnit) return undefined;
  const riskAmount = (capital * risk) / 100;
  const quantity = Math.floor(riskAmount / perUnit);
  const positionValue = quantity * entry;
  return {
    quantity,
    riskAmount,
    positionValue,
    rewardToRisk: target ? Math.abs(target - entry) / perUnit : undefined,
    warning: positionValue > capital ? 'The position is larger than your capital.' : undefined,
  };
}

function PositionSizingArea() {
  const [values, setValues] = useState<PositionSizingValues>({
    capital: '',
    riskPercent: '1',
    entry: '',
    stop: '',
    target: '',
  });
  return <PositionSizingScreen values={values} result={sizePosition(values)} onChange={setValues} />;
}

function TradeFormArea() {
  const { id } = useParams();
  return (
    <AreaPage
      title={id ? 'Edit trade' : 'Add trade'}
      description={id ? 'Change the details of this trade.' : 'Log a trade by hand.'}
      status="empty"
      empty={{
        icon: <span aria-hidden="true">✎</span>,
        title: 'Trade entry is on its way',
        description: 'Until then, import your tradebook from the Trades page.',
      }}
    />
  );
}

function PlaybookFormArea() {
  const { id } = useParams();
  return (
    <AreaPage
      title={id ? 'Edit playbook' : 'New playbook'}
      description="Write down a setup and the rules that make it yours."
      status="empty"
      empty={{
        icon: <span aria-hidden="true">✎</span>,
        title: 'The playbook editor is on its way',
        description: 'Your playbooks will appear on the Playbooks page.',
      }}
    />
  );
}

export function AreaRoute() {
  const { pathname } = useLocation();
  if (pathname === '/trades') return <TradesArea />;
  if (pathname.startsWith('/trade-form')) return <TradeFormArea />;
  if (pathname === '/calendar') return <CalendarScreen status="empty" />;
  if (pathname === '/analytics') return <AnalyticsScreen status="empty" />;
  if (pathname === assistantPath) return <AssistantScreen status="empty" />;
  if (pathname === '/notebook') return <NotebookScreen status="empty" />;
  if (pathname === '/funds') return <FundsScreen status="empty" />;
  if (pathname === '/position-sizing') return <PositionSizingArea />;
  if (pathname === '/gallery') return <GalleryScreen status="empty" />;
  if (pathname === '/playbooks') return <PlaybooksScreen status="empty" />;
  return <PlaybookFormArea />;
}
