import { CalendarDays } from 'lucide-react';
import { type CalendarDay, CalendarHeatmap } from '../../charts/calendar-heatmap';
import { type AreaCallbacks, addTrade } from './area-actions';
import { AreaPage, type AreaStatus } from './area-page';

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
