import { useSession } from '@bahi/auth-machine/react';
import {
  AUDIT_THRESHOLDS,
  actFor,
  SET_OFF_RULES,
  TAX_DISCLAIMER,
  type TaxTrade,
  type TaxYear,
  TURNOVER_RULE,
  taxPnl,
  taxReportSheets,
  taxYearLabel,
  taxYears,
} from '@bahi/trading';
import { TaxScreen, toast } from '@bahi/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { refreshAfterChange } from '../data/journal-data';
import { importJob } from '../import/import-job';
import { CSV_TYPE, download, XLSX_TYPE } from '../shared/download';
import { excludedNotice } from '../shared/excluded-notice';
import { saveFairMarketValue, taxKeys, useFairMarketValues, useTaxTrades, useUndatedLots } from './tax-data';
import { fmvValue, lotDateParts } from './tax-values';

/** Writes the year's report as a file; the file writers (the XLSX one zips, with fflate) load on the first export. */
async function exportReport(kind: 'csv' | 'xlsx', year: TaxYear, trades: readonly TaxTrade[]) {
  const name = `bahi-tax-pnl-${year.fy}.${kind}`;
  try {
    const { writeCsv, writeWorkbook } = await import('@bahi/trading/sheet-files');
    const sheets = taxReportSheets(year, trades);
    if (kind === 'csv') download(writeCsv(sheets), name, CSV_TYPE);
    else download(writeWorkbook(sheets), name, XLSX_TYPE);
  } catch (error) {
    toast.error('The export could not be prepared', error instanceof Error ? error.message : String(error));
  }
}

/** /tax: the tax P&L of a financial year, from every closed trade, with exports for a tax preparer. */
export default function TaxPage() {
  const { user } = useSession();
  const userId = user?.id;
  const client = useQueryClient();
  const trades = useTaxTrades(userId);
  const fmv = useFairMarketValues(userId);
  const undated = useUndatedLots(userId);
  const [params, setParams] = useSearchParams();
  const years = useMemo(() => (trades.data ? taxYears(trades.data) : []), [trades.data]);
  const fy = params.get('fy') && years.includes(params.get('fy') as string) ? (params.get('fy') as string) : years[0];

  const year = useMemo(
    () => (trades.data && fy ? taxPnl(trades.data, fy, { fmv: fmv.data }) : undefined),
    [trades.data, fy, fmv.data],
  );
  const byId = useMemo(() => new Map((trades.data ?? []).map((t) => [t.id, t])), [trades.data]);
  const act = fy ? actFor(fy) : undefined;
  const status =
    trades.isPending || fmv.isPending
      ? 'loading'
      : trades.isError || fmv.isError
        ? 'error'
        : years.length === 0
          ? 'empty'
          : 'ready';

  return (
    <TaxScreen
      notice={excludedNotice(trades.data)}
      status={status}
      errorDetail={(trades.error ?? fmv.error)?.message}
      onRetry={() => void Promise.all([trades.refetch(), fmv.refetch()])}
      years={years.map((y) => ({ fy: y, label: taxYearLabel(y) }))}
      fy={fy}
      onFyChange={(next) => setParams({ fy: next })}
      year={year}
      trades={byId}
      rules={
        act && {
          act: { name: act.name, sections: act.sections },
          disclaimer: TAX_DISCLAIMER,
          turnover: `${TURNOVER_RULE.text} (${TURNOVER_RULE.edition})`,
          audit: AUDIT_THRESHOLDS.text,
          setOff: SET_OFF_RULES.map((r) => ({ head: r.head, text: r.text })),
        }
      }
      onExportCsv={() => year && void exportReport('csv', year, trades.data ?? [])}
      onExportXlsx={() => year && void exportReport('xlsx', year, trades.data ?? [])}
      onSaveFmv={async (share, typed) => {
        const value = fmvValue(typed);
        if (!value.ok) throw new Error(value.error);
        await saveFairMarketValue(share, value.price);
        await client.invalidateQueries({ queryKey: taxKeys.fmv(userId) });
      }}
      undatedLots={undated.data}
      onSaveLotDates={async (lot, typed) => {
        const parts = lotDateParts(typed);
        if (!parts.ok) throw new Error(parts.error);
        const change = await importJob.change({ kind: 'lot-dates', lotId: lot.id, parts: parts.parts });
        await refreshAfterChange(client, userId, change);
        toast.success(`Buy dates saved for ${lot.quantity} ${lot.symbol}: its sales have their holding periods.`);
      }}
    />
  );
}
