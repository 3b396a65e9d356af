import { NotebookPen } from 'lucide-react';
import { Button } from '../../components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/card';
import { formatDateTime } from '../../lib/dates';
import type { AreaCallbacks } from './area-actions';
import { AreaPage, type AreaStatus } from './area-page';

// Notebook

export interface Note {
  id: string;
  title: string;
  excerpt: string;
  updatedAt: string;
}

export function NotebookScreen({ status, notes = [], ...cb }: { status: AreaStatus; notes?: Note[] } & AreaCallbacks) {
  const write = (
    <Button>
      <NotebookPen aria-hidden="true" /> New note
    </Button>
  );
  return (
    <AreaPage
      title="Notebook"
      description="Pre-market plans, post-session reviews and lessons, beside the day's trades."
      status={status}
      skeleton="cards"
      actions={write}
      empty={{
        icon: <NotebookPen />,
        title: 'Your notebook is empty',
        description:
          'Write tomorrow’s plan tonight: levels to watch, max loss for the day, the one rule you will not break.',
        action: write,
      }}
      {...cb}
    >
      <ul className="grid gap-3">
        {notes.map((n) => (
          <li key={n.id}>
            <Card className="gap-2 py-4">
              <CardHeader className="px-4">
                <CardTitle asChild>
                  <h2>{n.title}</h2>
                </CardTitle>
                <CardDescription>{formatDateTime(n.updatedAt)}</CardDescription>
              </CardHeader>
              <CardContent className="px-4 text-sm">{n.excerpt}</CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </AreaPage>
  );
}
