import { ChevronRight } from 'lucide-react';
import { HEAD_TITLES } from './format';
import type { TaxRulesView } from './types';

// The rules behind the figures, as text from the rules data: how turnover is counted, the audit thresholds (stated,
// never applied to the trader), how losses set off, and which sections of the Act each figure rests on.

const SECTION_LABELS: Record<string, string> = {
  speculative: 'Speculative business (intraday equity)',
  nonSpeculative: 'Non-speculative business (derivatives)',
  shortTerm: 'Short-term capital gains on listed shares',
  longTerm: 'Long-term capital gains on listed shares',
  grandfathering: 'Cost of shares bought before 1 February 2018',
  costDeductions: 'What is deducted from the sale value',
  sttNotDeductible: 'STT not deductible from capital gains',
  sttBusinessExpense: 'STT deductible from business income',
  holdingPeriod: 'When listed shares become long term',
  taxAudit: 'Tax audit',
  setOff: 'Set-off and carry forward of losses',
  specifiedFund: 'Units of debt funds bought from 1 April 2023',
};

export function RulesSection({ rules }: { rules: TaxRulesView }) {
  return (
    <section aria-labelledby="tax-rules" className="grid min-w-0 gap-3" data-slot="tax-rules">
      <h2 id="tax-rules" className="font-semibold text-lg">
        How these figures are worked out
      </h2>
      <details className="group rounded-lg border bg-card text-card-foreground">
        <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-4 py-3 font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
          <ChevronRight className="size-4 shrink-0 transition-transform group-open:rotate-90" aria-hidden="true" />
          Turnover, tax audit and set-off of losses under the {rules.act.name}
        </summary>
        <div className="grid gap-5 border-t px-4 py-4 text-sm">
          <div className="grid gap-1">
            <h3 className="font-semibold">Turnover</h3>
            <p className="text-muted-foreground">{rules.turnover}</p>
          </div>
          <div className="grid gap-1">
            <h3 className="font-semibold">Tax audit</h3>
            <p className="text-muted-foreground">{rules.audit}</p>
          </div>
          <div className="grid gap-2">
            <h3 className="font-semibold">Setting off losses</h3>
            <dl className="grid gap-2">
              {rules.setOff.map(({ head, text }) => (
                <div key={head} className="grid gap-0.5">
                  <dt className="font-medium">{HEAD_TITLES[head]}</dt>
                  <dd className="text-muted-foreground">{text}</dd>
                </div>
              ))}
            </dl>
          </div>
          <div className="grid gap-2">
            <h3 className="font-semibold">Sections of the {rules.act.name}</h3>
            <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1">
              {Object.entries(rules.act.sections).map(([key, section]) => (
                <div key={key} className="contents">
                  <dt className="text-muted-foreground">{SECTION_LABELS[key] ?? key}</dt>
                  <dd className="text-right">{section}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </details>
    </section>
  );
}
