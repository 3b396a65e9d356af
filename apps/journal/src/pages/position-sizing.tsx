import { PositionSizingScreen, type PositionSizingValues } from '@bahi/ui';
import { useState } from 'react';

/** Units to buy so that hitting the stop loses `riskPercent` of capital: capital × risk% ÷ |entry − stop|. */
export function sizePosition(values: PositionSizingValues) {
  const [capital, risk, entry, stop, target] = [
    values.capital,
    values.riskPercent,
    values.entry,
    values.stop,
    values.target,
  ].map((v) => Number(v.replace(/[,\s]/g, '')));
  const perUnit = Math.abs((entry ?? 0) - (stop ?? 0));
  if (!capital || !risk || !entry || !stop || !perUnit) return undefined;
  const riskAmount = (capital * risk) / 100;
  const quantity = Math.floor(riskAmount / perUnit);
  const positionValue = quantity * entry;
  return {
    quantity,
    riskAmount,
    positionValue,
    rewardToRisk: target ? Math.abs(target - entry) / perUnit : undefined,
    warning: positionValue > capital ? 'The position is larger than your capital.' : undefined,
  };
}

export default function PositionSizingPage() {
  const [values, setValues] = useState<PositionSizingValues>({
    capital: '',
    riskPercent: '1',
    entry: '',
    stop: '',
    target: '',
  });
  return <PositionSizingScreen values={values} result={sizePosition(values)} onChange={setValues} />;
}
