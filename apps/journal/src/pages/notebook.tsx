import { NotebookScreen } from '@bahi/ui';

export default function NotebookPage() {
  return <NotebookScreen status="empty" />;
}
