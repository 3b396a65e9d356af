import { AnalyticsScreen } from '@bahi/ui';

export default function AnalyticsPage() {
  return <AnalyticsScreen status="empty" />;
}
