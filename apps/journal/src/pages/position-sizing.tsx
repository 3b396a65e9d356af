import { kolkataDate } from '@bahi/trading';
import { PositionSizingScreen } from '@bahi/ui';
import { useState } from 'react';
import {
  applySizingChange,
  computeSizing,
  newSizingValues,
  SIZING_UNDERLYINGS,
  sizingTableLotSize,
} from '../position-sizing/sizing-form';

/** /position-sizing: the calculator, computed as you type with @bahi/trading's sizePosition. */
export default function PositionSizingPage() {
  const [values, setValues] = useState(() => newSizingValues(kolkataDate(new Date())));
  const { result, errors } = computeSizing(values);
  const fromTable = sizingTableLotSize(values);
  return (
    <PositionSizingScreen
      values={values}
      result={result}
      fieldErrors={errors}
      underlyings={SIZING_UNDERLYINGS}
      lotSizeSource={
        fromTable !== undefined && String(fromTable) === values.lotSize
          ? 'From the dated NSE lot-size table for this expiry.'
          : undefined
      }
      onChange={(next) => setValues((previous) => applySizingChange(previous, next))}
    />
  );
}
