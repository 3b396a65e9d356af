import { PlaybooksScreen } from '@bahi/ui';

export default function PlaybooksPage() {
  return <PlaybooksScreen status="empty" />;
}
