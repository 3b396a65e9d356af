import { Link } from 'react-router-dom';
import type { EstimateNote } from './types';
import { plural } from './words';

/** "3 trades have stamp duty at Maharashtra's rate (your state is not set). Set your state on your profile" */
export function EstimateLine({ note }: { note: EstimateNote }) {
  return (
    <>
      {plural(note.trades, 'trade has', 'trades have')} {note.reason}.
      {note.fix ? (
        <>
          {' '}
          <Link to={note.fix.href} className="font-medium underline underline-offset-4">
            {note.fix.label}
          </Link>
        </>
      ) : null}
    </>
  );
}
