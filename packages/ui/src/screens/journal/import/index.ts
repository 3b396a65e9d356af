// The import dialog, split into its steps; this is what the package exports of it.

export { EstimateLine } from './estimate-line';
export { ImportDialog } from './import-dialog';
export { ImportStatus, type ImportStatusProps } from './import-status';
export { importProgress } from './progress';
export {
  type EstimateNote,
  IMPORT_KIND_LABELS,
  IMPORT_SOURCES,
  type ImportDialogProps,
  type ImportHistoryItem,
  type ImportKind,
  type ImportPreview,
  type ImportSourceId,
  type ImportSourceOption,
  type ImportStep,
  MAPPER_FIELDS,
  type MapperField,
} from './types';
