import { FundsScreen } from '@bahi/ui';

export default function FundsPage() {
  return <FundsScreen status="empty" />;
}
