import { FileUp, History } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/tabs';
import { ColumnMapper } from './column-mapper';
import { ChooseFile } from './file-picker';
import { ImportHistory } from './history';
import { ImportDone, ImportFailed } from './outcome';
import { ImportPreviewPanel } from './preview';
import { ImportProgress } from './progress';
import type { ImportDialogProps } from './types';

function NewImport(props: ImportDialogProps) {
  const { state } = props;
  switch (state.step) {
    case 'map':
      return <ColumnMapper {...props} state={state} />;
    case 'preview':
      return <ImportPreviewPanel preview={state.preview} onCommit={props.onCommit} onStartOver={props.onStartOver} />;
    case 'working':
      return <ImportProgress state={state} />;
    case 'done':
      return <ImportDone state={state} onStartOver={props.onStartOver} onClose={() => props.onOpenChange(false)} />;
    case 'failed':
      return <ImportFailed state={state} onStartOver={props.onStartOver} />;
    default:
      return <ChooseFile {...props} state={state} />;
  }
}

/** Import from /trades?import=1: choose a broker and a file, check the preview, import with progress; or undo one. */
export function ImportDialog(props: ImportDialogProps) {
  const busy = props.state.step === 'working';
  return (
    // Closing while a file is read or saved leaves it going on: the page shows its progress and outcome.
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Import trades</DialogTitle>
          <DialogDescription>
            Each day's fills are netted as the exchange does and matched first in, first out. Import as often as you
            like: fills already in your journal are skipped.
          </DialogDescription>
        </DialogHeader>
        <Tabs defaultValue={props.defaultTab ?? 'new'} className="grid gap-4">
          <TabsList>
            <TabsTrigger value="new">
              <FileUp aria-hidden="true" /> New import
            </TabsTrigger>
            <TabsTrigger value="history" disabled={busy}>
              <History aria-hidden="true" /> History
            </TabsTrigger>
          </TabsList>
          <TabsContent value="new">
            <NewImport {...props} />
          </TabsContent>
          <TabsContent value="history">
            <ImportHistory {...props} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
