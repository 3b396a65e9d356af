import { CalendarScreen } from '@bahi/ui';

export default function CalendarPage() {
  return <CalendarScreen status="empty" />;
}
