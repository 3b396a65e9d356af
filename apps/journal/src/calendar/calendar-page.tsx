import { useSession } from '@bahi/auth-machine/react';
import { kolkataDate } from '@bahi/trading';
import { type CalendarDayDetail, CalendarScreen, type DayNoteState } from '@bahi/ui';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { dataError } from '../data/data-error';
import { journalKeys, useJournalTrades } from '../data/journal-data';
import { PAGE_DATA_FRESH_MS } from '../data/queries';
import { supabase } from '../data/supabase';
import { excludedNotice } from '../shared/excluded-notice';
import { calendarData, closedOn, defaultCalendarMonth, tradesOfDay } from './calendar-data';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The daily-journal note of an IST day (one per day per user), or null. Under the journal's key, so edits refresh it. */
function dailyNoteQuery(userId: string | undefined, date: string | null) {
  return queryOptions({
    queryKey: [...journalKeys.all(userId), 'daily-note', date],
    enabled: Boolean(userId && date),
    staleTime: PAGE_DATA_FRESH_MS,
    queryFn: async () => {
      const { data, error } = await supabase
        .from('notes')
        .select('title, body')
        .eq('kind', 'daily')
        .eq('journal_date', date!)
        .maybeSingle();
      if (error) throw dataError(error);
      return data as { title: string; body: string } | null;
    },
  });
}

/**
 * /calendar?month=YYYY-MM&day=YYYY-MM-DD: the month's heat map of daily net P&L by IST exit day; `day` opens that
 * day's trades.
 */
export default function CalendarPage() {
  const { user } = useSession();
  const trades = useJournalTrades(user?.id);
  const [params, setParams] = useSearchParams();
  const requested = params.get('month');
  const thisMonth = kolkataDate(new Date()).slice(0, 7);
  const month = requested && MONTH.test(requested) ? requested : defaultCalendarMonth(trades.data ?? [], thisMonth);
  const dayParam = params.get('day');
  const day = dayParam && DATE.test(dayParam) ? dayParam : null;
  const note = useQuery(dailyNoteQuery(user?.id, day));

  const calendar = useMemo(() => calendarData(trades.data ?? [], month), [trades.data, month]);

  let openDay: CalendarDayDetail | null = null;
  if (day && trades.data) {
    const noteState: DayNoteState = note.isPending
      ? { status: 'loading' }
      : note.isError
        ? { status: 'error' }
        : { status: 'ready', note: note.data ?? null };
    openDay = {
      date: day,
      note: noteState,
      trades: tradesOfDay(trades.data, day).map((t) => ({
        id: t.id,
        symbol: t.symbol,
        side: t.side,
        entryTime: t.entryTime,
        exitTime: t.exitTime,
        netPnl: closedOn(t, day) ? t.netPnl : null,
        ...(t.exitDate && !closedOn(t, day) ? { closedOn: t.exitDate } : {}),
        playbook: t.playbookName ?? undefined,
      })),
    };
  }

  const status = trades.isPending ? 'loading' : trades.isError ? 'error' : trades.data.length ? 'ready' : 'empty';
  return (
    <CalendarScreen
      notice={excludedNotice(trades.data)}
      status={status}
      month={month}
      calendar={calendar}
      monthHref={(m) => `/calendar?month=${m}`}
      openDay={openDay}
      onOpenDay={(date) =>
        setParams((current) => {
          const out = new URLSearchParams(current);
          if (date) out.set('day', date);
          else out.delete('day');
          if (!out.has('month')) out.set('month', month);
          return out;
        })
      }
      errorDetail={trades.error?.message}
      onRetry={() => void trades.refetch()}
    />
  );
}
